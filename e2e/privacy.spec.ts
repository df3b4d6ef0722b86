import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support/goto-hydrated';
import { switchToDark } from './support/theme';

// A visitor on a phone.
test.use({ viewport: { width: 375, height: 812 } });

const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);

test('the privacy policy at 1440 px passes axe in light and dark, and reads as one column', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const article = await page.locator('article').boundingBox();
  // A readable measure, not a 1440 px line.
  expect(article!.width).toBeLessThanOrEqual(800);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get a free quote' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await switchToDark(page);
  expect(await violations(page)).toEqual([]);
});

test('the privacy policy exists at /privacy, says what is kept, why, how long and whom to e-mail, with no script', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  const response = await page.goto('/privacy');
  expect(response!.status()).toBe(200);
  expect(response!.headers()['cache-control']).toBe('no-cache');
  await expect(page).toHaveTitle('Privacy policy | Lakeshore Lot Care');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How Lakeshore Lot Care handles your information');
  const main = page.getByRole('main');
  // What is collected: the form's fields, the consent record, photos without their metadata.
  for (const text of [
    'your full name, e-mail address and, if you give it, your phone number',
    'the service you need and your message',
    'the exact wording you agreed to, the time you sent the form, your internet (IP) address',
    'we remove the photo’s hidden metadata, including the camera’s location (GPS)',
    // How long (what is true: nothing is deleted on its own), and whom to e-mail.
    'it has no automatic end date and does not delete them on its own',
    'we will delete it within 30 days',
    'A sign-in link works once, for 10 minutes; an invitation from our staff works once, for 7 days.',
  ])
    await expect(main).toContainText(text);
  await expect(main.getByRole('link', { name: 'service@lakeshorelotcare.com' })).toHaveAttribute(
    'href',
    'mailto:service@lakeshorelotcare.com',
  );
  // The footer's section links lead back to the landing page's sections.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
  expect(scripts).toEqual([]);
  expect(await violations(page)).toEqual([]);
  await switchToDark(page);
  expect(await violations(page)).toEqual([]);
});

test('the quote form’s consent and the footer link the privacy policy, and the consent error names it', async ({ page }) => {
  await gotoHydrated(page);
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' });
  await expect(footerLink).toHaveAttribute('href', '/privacy');

  const form = page.locator('#contact');
  await form.scrollIntoViewIfNeeded();
  // The specification's label stays word for word; the policy is linked beside it.
  await expect(form.getByText('I agree to be contacted regarding my quote request', { exact: true })).toBeVisible();
  const consentLink = form.getByRole('link', { name: 'privacy policy' });
  await expect(consentLink).toHaveAttribute('href', '/privacy');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByText('You must agree to our privacy policy')).toBeVisible();

  await consentLink.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
