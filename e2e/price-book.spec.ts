import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { switchToDark } from './support/theme';

/*
 * The console's price book (issue 24): an owner changes a price and a term discount; the office
 * reads both and changes neither; axe finds nothing in either theme; screenshots at 375 and 1440 px.
 * The service edited is this file's own, and the discount is put back after, so other files'
 * estimates start from the seeded prices.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 1000 } });

const SERVICE = 'Snow Pile Litter Pickup';
const OFFICE_EMAIL = `dana.price${Date.now()}@lakeshorelotcare.com`;
const screenshots = 'test-results/price-book';

async function axe(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.beforeAll(async () => {
  await withDatabase(async (db) => {
    await db.query(
      `insert into price_book_services (name, description, unit, price_cents, tax_class, checklist, position)
       values ($1, 'Litter picked out of plowed snow piles along the lot edges.', 'visit', 5500, 'exempt', array['Walk every snow pile'], 50)
       on conflict ((lower(name))) do update set price_cents = 5500, active = true`,
      [SERVICE],
    );
    await db.query(`insert into users (email, first_name, last_name, role) values ($1, 'Dana', 'Kowalski', 'office')`, [OFFICE_EMAIL]);
  });
});

test.afterAll(async () => {
  await withDatabase((db) => db.query(`update billing_settings set six_month_discount_bp = 500`));
});

test('an owner changes a price and a term discount', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin/price-book');
  await expect(page.getByRole('heading', { name: 'Price book', level: 1 })).toBeVisible();
  const services = page.getByRole('region', { name: 'Services' });
  const row = services.getByRole('listitem', { name: SERVICE });
  await expect(row).toContainText('$55.00 per visit');
  await expect(row).toContainText('Not taxed');
  await expect(services.getByRole('listitem', { name: 'Landscaped Area Cleanup' })).toContainText('Taxable');

  await row.getByRole('button', { name: `Edit ${SERVICE}` }).click();
  const price = services.getByLabel('Price');
  await expect(price).toHaveValue('55.00');
  await price.fill('62.5');
  await services.getByRole('button', { name: 'Save service' }).click();
  await expect(page.getByRole('status').first()).toHaveText(`${SERVICE} saved: $62.50 per visit.`);
  await expect(services.getByRole('listitem', { name: SERVICE })).toContainText('$62.50 per visit');

  // A price that is not an amount is refused on the form, and nothing is sent.
  await services.getByRole('button', { name: `Edit ${SERVICE}` }).click();
  await services.getByLabel('Price').fill('62.505');
  await services.getByRole('button', { name: 'Save service' }).click();
  await expect(services.getByText('Enter at most 2 digits after the decimal point')).toBeVisible();
  await services.getByRole('button', { name: 'Cancel' }).click();

  const settings = page.getByRole('region', { name: 'Billing settings' });
  await expect(
    settings.getByText('Defaults from Wisconsin DOR rates as of 2026 — confirm with the Wisconsin DOR before changing.'),
  ).toBeVisible();
  await expect(settings.getByRole('definition').first()).toHaveText('7.9%');
  const sixMonths = settings.getByLabel('6 months (%)');
  await expect(sixMonths).toHaveValue('5');
  await sixMonths.fill('7.5');
  await settings.getByLabel('Waukesha County (%)').fill('0.6');
  // The combined rates follow what is typed.
  await expect(settings.getByRole('definition').nth(2)).toHaveText('5.6%');
  await settings.getByLabel('Waukesha County (%)').fill('0.5');
  await settings.getByRole('button', { name: 'Save billing settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Billing settings saved. Estimates made from now on use them.');
  const stored = await withDatabase((db) =>
    db.query<{ six: number; waukesha: number }>(
      `select six_month_discount_bp as six, waukesha_county_tax_bp as waukesha from billing_settings`,
    ),
  );
  expect(stored.rows[0]).toEqual({ six: 750, waukesha: 50 });
  const price62 = await withDatabase((db) =>
    db.query<{ price_cents: number }>(`select price_cents from price_book_services where name = $1`, [SERVICE]),
  );
  expect(price62.rows[0]!.price_cents).toBe(6250);

  await axe(page);
  await switchToDark(page);
  await axe(page);
});

test('office staff read the prices and settings, and can change neither', async ({ page }) => {
  await signIn(page, OFFICE_EMAIL, '/admin/price-book');
  await expect(page.getByRole('heading', { name: 'Price book', level: 1 })).toBeVisible();
  await expect(page.getByText('Only an owner can change prices.')).toBeVisible();
  const services = page.getByRole('region', { name: 'Services' });
  await expect(services.getByRole('listitem', { name: 'Parking Lot Cleaning' })).toContainText('$85.00 per visit');
  await expect(page.getByRole('button', { name: /Edit|Retire|Add service|Save/ })).toHaveCount(0);
  const settings = page.getByRole('region', { name: 'Billing settings' });
  await expect(settings.getByRole('textbox')).toHaveCount(0);
  await expect(settings.getByText('12 months')).toBeVisible();
  const invoicing = page.getByRole('region', { name: 'Invoice settings' });
  await expect(invoicing.getByText('3 days before the due date')).toBeVisible();
  await expect(invoicing.getByRole('textbox')).toHaveCount(0);
  await axe(page);
  await switchToDark(page);
  await axe(page);
});

test('an owner sets a late fee and the reminder days, with a clear message for what makes no sense', async ({ page }) => {
  await signIn(page, STAFF_EMAIL, '/admin/price-book');
  const form = page.getByRole('form', { name: 'Invoice settings' });
  await form.getByLabel('Late fee', { exact: true }).selectOption('flat');
  await form.getByLabel('Flat fee ($)').fill('2500');
  await form.getByLabel('Overdue reminders, days after the due date').fill('10, twenty');
  await form.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(form.getByText('Enter a fee from $0.01 to $1,000.00')).toBeVisible();
  await expect(form.getByText('List days after the due date as numbers, such as 7, 14, 30')).toBeVisible();
  await form.getByLabel('Flat fee ($)').fill('25');
  await form.getByLabel('Grace period (days)').fill('10');
  await form.getByLabel('Overdue reminders, days after the due date').fill('30, 10');
  await form.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(form.getByRole('status')).toContainText('Invoice settings saved.');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Invoice settings' }).getByLabel('Overdue reminders, days after the due date')).toHaveValue(
    '10, 30',
  );
  await expect(page.getByRole('form', { name: 'Invoice settings' }).getByLabel('Flat fee ($)')).toHaveValue('25.00');
  // Back to the defaults, so the collections job treats every other test's invoices as before.
  const again = page.getByRole('form', { name: 'Invoice settings' });
  await again.getByLabel('Late fee', { exact: true }).selectOption('off');
  await again.getByLabel('Overdue reminders, days after the due date').fill('7, 14, 30');
  await again.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(again.getByRole('status')).toContainText('Invoice settings saved.');
  await axe(page);
});

test('looks right at 375 and 1440 px, light and dark', async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await signIn(page, STAFF_EMAIL, '/admin/price-book');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width > 400 ? 1000 : 812 });
      await page.goto('/admin/price-book');
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      await expect(page.getByRole('listitem', { name: 'Parking Lot Cleaning' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${screenshots}/price-book-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.getByRole('button', { name: 'Edit Parking Lot Cleaning' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${screenshots}/edit-service-1440-dark.png`, fullPage: true });
});
