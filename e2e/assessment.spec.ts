import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { switchToDark, takeScreenshots } from './support/theme';

/*
 * A prospect's free property visit (issue 24): the office schedules it from the quote request before
 * any customer exists, the crew does it on the phone like any visit, and the estimate written from
 * the request starts at the assessed site with the visit's photos on it. Axe in both themes on the
 * request's form; screenshots at 1440 and 375 px, light and dark, in test-results/assessment.
 */

const SHOTS = path.join('test-results', 'assessment');
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

async function expectAccessible(page: Page) {
  for (const dark of [false, true]) {
    if (dark) await switchToDark(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${dark ? 'dark' : 'light'} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

async function screenshots(page: Page, name: string, locator = page.locator('body')) {
  if (!takeScreenshots) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await switchToDark(page);
    await locator.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`) });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test('the office schedules a prospect’s property visit, the crew does it, and its photo goes on the estimate', async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const requester = { name: `Mark Lindqvist ${stamp}`, email: `mark${stamp}@brookfieldsq.example`, phone: '(262) 555-0148' };
  const crewEmail = `tomas-${stamp}@lakeshorelotcare.com`;
  await withDatabase((client) =>
    client.query(`insert into users (email, first_name, last_name, role) values ($1, 'Tomás', 'Reyes ${stamp}', 'crew')`, [crewEmail]),
  );
  const message = 'We manage a 400-space lot by the mall on Moorland Rd and would like someone to walk it before pricing a weekly sweep.';
  expect(
    (await page.request.post('/api/contact', { data: { ...requester, service: 'Parking Lot Cleaning', message, consent: true } })).status(),
  ).toBe(201);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, STAFF_EMAIL, '/admin/submissions');
  await page.getByRole('searchbox', { name: 'Search' }).fill(requester.email);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: requester.name }) });
  await card.getByRole('button', { name: 'Schedule a property visit' }).click();
  const form = card.getByRole('form', { name: 'Schedule a property visit' });

  // Nothing is stored without a company, a site and a crew: each field says why.
  await form.getByRole('button', { name: 'Schedule the visit' }).click();
  await expect(form.getByText('Company name is required')).toBeVisible();
  await expect(form.getByText('Choose at least one crew member')).toBeVisible();

  const company = `Brookfield Square Partners ${stamp}`;
  await form.getByLabel('Company').fill(company);
  await form.getByLabel('Site name').fill('Brookfield Square East');
  await form.getByLabel('Street address').fill('95 N Moorland Rd');
  await form.getByLabel('City').fill('Brookfield');
  await form.getByLabel('ZIP code').fill('53005');
  await form.getByLabel('Date').fill(today());
  await form.getByLabel('From (optional)').fill('09:00');
  await form.getByLabel('To (optional)').fill('10:30');
  await form.getByRole('checkbox', { name: new RegExp(`Reyes ${stamp}`) }).check();
  await form.getByLabel('Instructions for the crew (optional)').fill('Meet Mark at the management office by the food court.');
  await expectAccessible(page);
  await screenshots(page, 'schedule-form-1440', card);
  await form.getByRole('button', { name: 'Schedule the visit' }).click();
  await expect(card.getByRole('status')).toContainText('Property visit to Brookfield Square East scheduled for');
  await expect(card.getByRole('link', { name: 'Brookfield Square East' })).toBeVisible();
  await expect(card.getByRole('link', { name: `Prospect: ${company}` })).toBeVisible();
  await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();

  // The crew member's phone: the visit is on today's route, marked as an assessment.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const crew = await phone.newPage();
  await signIn(crew, crewEmail, '/crew');
  const stop = crew.getByRole('article').filter({ hasText: 'Brookfield Square East' });
  await expect(stop).toContainText('Free property assessment');
  await stop.getByRole('link', { name: /Open visit/ }).click();
  await expect(crew).toHaveURL(/[?&]visit=/);
  await expect(crew.getByText('Free property assessment')).toBeVisible();
  await crew.getByRole('button', { name: 'Start visit' }).click();
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 110, g: 112, b: 92 } } })
    .jpeg()
    .toBuffer();
  await crew.getByLabel('Take before photos').setInputFiles([{ name: 'east-lot.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await expect(crew.getByText('1 photo sent')).toBeVisible({ timeout: 20_000 });
  await crew.getByLabel('Note for the office').fill('About 420 spaces; litter heaviest along the Moorland Rd berm.');
  await crew.getByRole('button', { name: 'Complete visit' }).click();
  await expect(crew.getByRole('heading', { name: /Visit completed at/ })).toBeVisible();
  await phone.close();

  // Back in the office: the visit is done, with its note and photo.
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search' }).fill(requester.email);
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  await expect(card).toContainText('1 photo');
  await expect(card).toContainText('About 420 spaces; litter heaviest along the Moorland Rd berm.');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshots(page, 'request-card-375', card);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The estimate starts at the assessed site, with the visit's photo ticked on.
  await card.getByRole('link', { name: 'Write an estimate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New estimate' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue(company);
  const site = page.locator('[data-property="0"]');
  await expect(site.getByLabel('Street address')).toHaveValue('95 N Moorland Rd');
  const photos = page.getByRole('region', { name: 'Photos from the property visit' });
  await expect(photos.getByRole('checkbox')).toHaveCount(1);
  await expect(photos.getByRole('checkbox')).toBeChecked();
  await expect(photos.getByRole('img')).toHaveJSProperty('complete', true);
  const line = site.locator('[data-line="0"]');
  const service = line.getByLabel(/^Service/);
  await service.selectOption((await service.locator('option', { hasText: 'Parking Lot Cleaning ·' }).getAttribute('value'))!);
  await line.getByLabel(/^Price/).fill('95.00');
  await expectAccessible(page);
  await screenshots(page, 'builder-photos-1440', photos);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Estimate \d+$/ })).toBeVisible();
  const shown = page.getByRole('region', { name: 'Photos from the property visit' });
  await expect(shown.getByRole('img')).toHaveCount(1);
  // Its alt text and caption say where (and, when known, on which day) it was taken.
  await expect(shown.getByRole('img')).toHaveAttribute('alt', /Brookfield Square East/);
  await expect(shown.getByText(/^Brookfield Square East/)).toBeVisible();
  expect(await shown.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});
