import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_CUSTOMER_EMAIL, signIn } from './support/sign-in';
import { switchToDark } from './support/theme';

/*
 * A property's page in the portal (issue 22): what a customer came for is on the first screen.
 * "View Photos" shows the photos, a short menu reaches each section in one tap, and asking for
 * a cleanup or reporting a problem starts from the top. Positions are measured in the browser.
 */
const PROPERTY = 'Southridge Commons Retail Center';
const SECTIONS = [
  ['Photos', 'Photos'],
  ['Visits', /^Visit history/],
  ['Requests', 'Requests'],
  ['Monthly report', 'Monthly service report'],
] as const;

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Where an element is on the screen, in CSS pixels from the viewport's top, and the viewport's height. */
const box = (locator: Locator) =>
  locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: Math.round(rect.top), bottom: Math.round(rect.bottom), screen: window.innerHeight };
  });

/** Scrolls back to the property's name, as if the customer had just opened it. */
const backToTop = (page: Page) =>
  page.evaluate(() => {
    const heading = document.getElementById('property-title')!;
    window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - 16, behavior: 'instant' });
  });

async function openProperty(page: Page) {
  await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard');
  await page.getByRole('button', { name: `View Photos of ${PROPERTY}` }).click();
  const name = page.getByRole('heading', { level: 2, name: PROPERTY, exact: true });
  await expect(name).toBeFocused();
  await expect(page.locator('section[aria-labelledby="photos-title"] [data-photo-image]').first()).toBeVisible();
  // The page scrolls the property's name to the top, smoothly where motion is not reduced: measure once it is there.
  await expect.poll(async () => (await box(name)).top).toBeLessThan(40);
  await expect.poll(async () => (await box(name)).top).toBeGreaterThanOrEqual(0);
}

/** Screenshots in light and dark, when PORTAL_SCREENSHOTS names a folder. */
async function screenshots(page: Page, name: string) {
  const folder = process.env.PORTAL_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await switchToDark(page);
    await page.screenshot({ path: `${folder}/${name}-${theme}.png` });
    await page.screenshot({ path: `${folder}/${name}-${theme}-full.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test.describe('a property on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('View Photos brings the photos into view, with the section menu and both requests on that first screen', async ({ page }) => {
    await openProperty(page);
    const photo = await box(page.locator('section[aria-labelledby="photos-title"] [data-photo-image]').first());
    expect(photo.top).toBeGreaterThanOrEqual(0);
    expect(photo.top).toBeLessThan(photo.screen * 0.75);

    const menu = page.getByRole('navigation', { name: 'On this page' });
    await expect(menu.getByRole('link')).toHaveText(SECTIONS.map(([label]) => label));
    const asks = page.getByRole('group', { name: 'Need something at this property?' });
    for (const target of [
      menu,
      asks.getByRole('button', { name: 'Request an extra cleanup' }),
      asks.getByRole('button', { name: 'Report a problem' }),
    ]) {
      const { top, bottom, screen } = await box(target);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(bottom).toBeLessThanOrEqual(screen);
    }
    await expectNoAxeViolations(page);
    await switchToDark(page);
    await expectNoAxeViolations(page);
  });

  test('each section is one tap from the top: it scrolls into view and its heading takes the focus', async ({ page }) => {
    await openProperty(page);
    const menu = page.getByRole('navigation', { name: 'On this page' });
    for (const [label, heading] of SECTIONS) {
      await backToTop(page);
      const target = page.getByRole('heading', { level: 3, name: heading });
      // Below the first screen, except the photos', which the page opens with.
      if (label !== 'Photos') expect((await box(target)).top).toBeGreaterThan((await box(target)).screen);
      await menu.getByRole('link', { name: label }).click();
      await expect(target).toBeFocused();
      // Scrolling may be smooth: wait for it to end with the heading on screen.
      await expect
        .poll(
          async () => {
            const { top, bottom, screen } = await box(target);
            return top >= 0 && bottom <= screen;
          },
          { message: `${label} scrolled into view` },
        )
        .toBe(true);
    }
  });

  test('asking for a cleanup or reporting a problem starts at the top: the form opens in view', async ({ page }) => {
    await openProperty(page);
    const asks = page.getByRole('group', { name: 'Need something at this property?' });
    for (const [button, form, field] of [
      ['Report a problem', 'Report a problem', 'What is wrong?'],
      ['Request an extra cleanup', 'Request an extra cleanup', 'Preferred date 1'],
    ] as const) {
      await backToTop(page);
      await asks.getByRole('button', { name: button }).click();
      await expect(page.getByRole('heading', { level: 3, name: 'Requests' })).toBeFocused();
      const opened = page.getByRole('form', { name: form });
      await expect(opened.getByLabel(field)).toBeInViewport();
      await expect(page.getByRole('region', { name: 'Requests' }).getByRole('button', { name: button })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    }
    // A preferred date left empty says so in plain words (and nothing is sent).
    const cleanup = page.getByRole('form', { name: 'Request an extra cleanup' });
    await cleanup.getByRole('button', { name: 'Send the request' }).click();
    await expect(cleanup.getByText('Choose a date', { exact: true })).toBeVisible();
  });
});

for (const [label, viewport] of [
  ['375 px', { width: 375, height: 812 }],
  ['1440 px', { width: 1440, height: 900 }],
] as const) {
  test(`the property page's first screen at ${label}, light and dark (screenshots with PORTAL_SCREENSHOTS)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openProperty(page);
    await expect(page.getByRole('navigation', { name: 'On this page' })).toBeInViewport();
    await expect(page.getByRole('group', { name: 'Need something at this property?' })).toBeInViewport();
    await expect(page.locator('section[aria-labelledby="photos-title"] [data-photo-image]').first()).toBeInViewport();
    await screenshots(page, `property-${viewport.width}`);
  });
}

test('Account Settings shows the signed-in person’s own e-mail and says where report e-mails go', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, DEMO_CUSTOMER_EMAIL, '/customer-dashboard/account');
  const panel = page.getByRole('tabpanel');
  const details = panel.getByRole('region', { name: 'Account details' });
  await expect(details.getByRole('definition').filter({ hasText: DEMO_CUSTOMER_EMAIL })).toBeVisible();
  await expect(details).toContainText(`Your e-mail${DEMO_CUSTOMER_EMAIL}`);
  await expect(details).toContainText('Company e-mailoffice@southridgecommons.example');
  const reports = panel.getByRole('group', { name: 'Service report e-mails' });
  await expect(reports).toContainText(`Report e-mails go to ${DEMO_CUSTOMER_EMAIL}`);
  await screenshots(page, 'account-375');
});
