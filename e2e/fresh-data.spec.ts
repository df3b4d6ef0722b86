import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';

/*
 * Data stays fresh across features (issue 23): a change made on one screen reaches every screen
 * that shows what it changed, without a reload, because each mutation names the resources it
 * changes (src/client/api/query-keys.ts). Before, the console's property page kept the old name
 * until its cached data was dropped, five minutes after it was last shown.
 */

/** A customer with one property, written straight to the e2e server's database. */
async function newProperty(label: string): Promise<{ customerId: string; propertyId: string; name: string; customerName: string }> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const name = `${label} ${stamp}`;
  const customerName = `${label} Partners ${stamp}`;
  return withDatabase(async (client) => {
    const customer = await client.query<{ id: string }>('insert into customers (name, email) values ($1, $2) returning id', [
      customerName,
      `office-${stamp}@fresh.example`,
    ]);
    const property = await client.query<{ id: string }>(
      `insert into properties (customer_id, name, address, city, state, zip_code, property_type)
       values ($1, $2, '2300 S Kinnickinnic Ave', 'Milwaukee', 'WI', '53207', 'Retail Center') returning id`,
      [customer.rows[0]!.id, name],
    );
    return { customerId: customer.rows[0]!.id, propertyId: property.rows[0]!.id, name, customerName };
  });
}

/** Marks the page, so that a reload (which would read everything again) is seen. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);

test('a property renamed on the customer’s page has its new name on its own page, back again, without a reload', async ({ page }) => {
  const lot = await newProperty('Fresh Plaza');
  await signIn(page, STAFF_EMAIL, `/admin/properties/${lot.propertyId}`);
  await expect(page.getByRole('heading', { level: 1, name: lot.name })).toBeVisible();
  await markPage(page);

  await page.getByRole('link', { name: lot.customerName }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${lot.customerId}$`));
  await page.getByRole('button', { name: `Edit ${lot.name}` }).click();
  const renamed = `${lot.name} North`;
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save property' }) });
  await form.getByLabel('Property name').fill(renamed);
  await form.getByRole('button', { name: 'Save property' }).click();
  await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/properties/${lot.propertyId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page).toHaveTitle(new RegExp(`^${renamed}`));
  expect(await stillSamePage(page)).toBe(true);
});

test('a customer renamed on its page is the new name on its property’s page, back again, without a reload', async ({ page }) => {
  const lot = await newProperty('Fresh Commons');
  await signIn(page, STAFF_EMAIL, `/admin/properties/${lot.propertyId}`);
  await expect(page.getByRole('link', { name: lot.customerName })).toBeVisible();
  await markPage(page);

  await page.getByRole('link', { name: lot.customerName }).click();
  await expect(page.getByRole('heading', { level: 1, name: lot.customerName })).toBeVisible();
  const renamed = `${lot.customerName} Group`;
  await page.getByLabel('Company name').fill(renamed);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/properties/${lot.propertyId}$`));
  await expect(page.getByRole('link', { name: renamed })).toBeVisible();
  // And forward again: the customer's page, read before the change, shows it as saved.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  expect(await stillSamePage(page)).toBe(true);
});
