import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, localToday } from '../src/shared/local-dates';
import { formatCents } from '../src/shared/money';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { expectAccessibleInBothThemes, screenshotsInBothThemes } from './support/theme';

/*
 * Payments and collections in the console (issue 25): a customer with two sent invoices, one 45
 * days overdue and one not yet due. Staff open the customer's page, see what it owes, record a
 * check that pays the overdue invoice and leaves $50.00 as a credit, and find the customer on the
 * receivables screen with its invoices in the 31–60 days bucket. axe in both themes; screenshots
 * at 1440 and 375 px, light and dark, in test-results/payments.
 */

const SHOTS = path.join('test-results', 'payments');
const wide = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };

/** A customer with two sent invoices straight in the tables (the billing run and sending have their own tests). */
async function customerOwing() {
  const tag = randomUUID().slice(0, 6);
  const today = localToday();
  return withDatabase(async (client) => {
    const customer = (
      await client.query(`insert into customers (name, email, contact_name) values ($1, $2, 'Renee Albrecht') returning id`, [
        `Menomonee Valley Logistics ${tag}`,
        `ap-${tag}@mvlogistics.example`,
      ])
    ).rows[0].id as string;
    const invoice = async (number: string, dueOn: string, totalCents: number) =>
      (
        await client.query(
          `insert into invoices (customer_id, period_start, period_end, status, number, payment_terms, issued_on, due_on, subtotal_cents, total_cents)
           values ($1, $2, $3, 'sent', $4, 'net_30', $5, $6, $7, $7) returning id`,
          [customer, addDays(dueOn, -60), addDays(dueOn, -31), number, addDays(dueOn, -30), dueOn, totalCents],
        )
      ).rows[0].id as string;
    const overdue = { id: await invoice(`2025-E${tag}`, addDays(today, -45), 184_450), number: `2025-E${tag}`, totalCents: 184_450 };
    const current = { id: await invoice(`2026-E${tag}`, addDays(today, 10), 92_225), number: `2026-E${tag}`, totalCents: 92_225 };
    return { id: customer, name: `Menomonee Valley Logistics ${tag}`, overdue, current };
  });
}

test('staff record a check on a customer’s account, and find what is owed on the receivables screen', async ({ page }) => {
  test.slow();
  await page.setViewportSize(wide);
  const customer = await customerOwing();
  await signIn(page, STAFF_EMAIL, `/admin/customers/${customer.id}`);

  const account = page.getByRole('region', { name: 'Account and payments' });
  await expect(account.getByText(formatCents(customer.overdue.totalCents + customer.current.totalCents))).toBeVisible();
  await expect(account.getByRole('link', { name: customer.overdue.number })).toHaveAttribute(
    'href',
    `/admin/invoices/${customer.overdue.id}`,
  );
  await expect(account.getByRole('row', { name: new RegExp(customer.overdue.number) })).toContainText('Overdue');

  await account.getByRole('button', { name: 'Record a payment' }).click();
  const form = page.getByRole('form', { name: 'Record a payment' });
  await form.getByLabel('Amount ($)').fill('1,894.50');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form.getByText('Enter the check’s number')).toBeVisible();
  await form.getByLabel('Check number').fill('20417');
  await form.getByLabel(new RegExp(`Invoice ${customer.overdue.number}`)).fill('1844.50');
  await expectAccessibleInBothThemes(page, 'the payment form');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(account.getByRole('status')).toContainText(
    `Recorded: $1,894.50 by check, applied to invoice ${customer.overdue.number}; $50.00 kept as a credit on the account.`,
  );
  await expect(account.getByRole('link', { name: customer.overdue.number })).toHaveCount(0);
  await expect(account.getByText('$50.00').first()).toBeVisible();
  await expect(account.getByText(`$1,894.50 by check no. 20417`)).toBeVisible();
  const stored = await withDatabase(
    async (client) =>
      (await client.query('select method, reference, amount_cents from payments where customer_id = $1', [customer.id])).rows,
  );
  expect(stored).toEqual([{ method: 'check', reference: '20417', amount_cents: 189_450 }]);

  // The credit goes to the invoice still open.
  await account.getByRole('button', { name: 'Apply the credit to open invoices' }).click();
  await expect(account.getByRole('row', { name: new RegExp(customer.current.number) })).toContainText(
    formatCents(customer.current.totalCents - 5000),
  );
  // How the customer is billed: net 45 and its accounts-payable address as the billing contact.
  const billing = page.getByRole('form', { name: 'How this customer is billed' });
  await billing.getByLabel('Payment terms').selectOption('net_45');
  await billing.getByRole('button', { name: 'Add a billing contact' }).click();
  await billing.getByLabel('E-mail').fill('not-an-address');
  await billing.getByRole('button', { name: 'Save billing details' }).click();
  await expect(billing.getByText('Enter a valid e-mail address')).toBeVisible();
  await billing.getByLabel('E-mail').fill('payables@mvlogistics.example');
  await billing.getByLabel('Name (optional)').fill('Accounts Payable');
  await billing.getByRole('button', { name: 'Save billing details' }).click();
  await expect(billing.getByRole('status')).toContainText('Billing details saved.');
  await expect(page.getByRole('region', { name: 'Billing' }).getByText('Invoices go to payables@mvlogistics.example.')).toBeVisible();
  const terms = await withDatabase(
    async (client) => (await client.query('select payment_terms from customers where id = $1', [customer.id])).rows[0],
  );
  expect(terms).toEqual({ payment_terms: 'net_45' });
  await expectAccessibleInBothThemes(page, 'the customer’s account');
  await screenshotsInBothThemes(page, SHOTS, 'customer-account-1440');

  await page.goto('/admin/receivables');
  await expect(page.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();
  const top = page.getByRole('region', { name: 'Who owes the most' });
  await expect(top.getByRole('link', { name: customer.name })).toBeVisible();
  await expect(top.getByRole('link', { name: customer.name })).toHaveAttribute('href', `/admin/customers/${customer.id}`);
  const row = top.getByRole('row', { name: new RegExp(customer.name) });
  await expect(row).toContainText(formatCents(customer.current.totalCents - 5000));
  await expect(row.getByRole('link', { name: '1 open invoice' })).toHaveAttribute('href', `/admin/invoices?customer=${customer.id}`);
  await expect(page.getByRole('region', { name: /Aging on/ }).getByRole('link', { name: /invoices? current/ })).toHaveAttribute(
    'href',
    '/admin/invoices?aging=current',
  );
  await expectAccessibleInBothThemes(page, 'receivables');
  await screenshotsInBothThemes(page, SHOTS, 'receivables-1440');
  await page.setViewportSize(phone);
  await screenshotsInBothThemes(page, SHOTS, 'receivables-375');
  await page.goto(`/admin/customers/${customer.id}`);
  await expect(page.getByRole('region', { name: 'Account and payments' })).toBeVisible();
  await screenshotsInBothThemes(page, SHOTS, 'customer-account-375');
});

test('staff export a date range’s invoices for QuickBooks Online, once, and again when asked', async ({ page }) => {
  await page.setViewportSize(wide);
  const customer = await customerOwing();
  const issued = addDays(localToday(), -75);
  // The QuickBooks layout is a row per line: the overdue invoice gets its visit line.
  await withDatabase(async (client) => {
    const property = (
      await client.query(
        `insert into properties (customer_id, name, address, city, state, zip_code, property_type, tax_jurisdiction)
         values ($1, 'Canal Street Yard', '3800 W Canal St', 'Milwaukee', 'WI', '53208', 'Industrial', 'milwaukee-city') returning id`,
        [customer.id],
      )
    ).rows[0].id as string;
    await client.query(
      `insert into invoice_lines (invoice_id, property_id, kind, description, service_date, unit_price_cents, amount_cents, tax_class, tax_rate_bp)
       values ($1, $2, 'adjustment', 'Parking lot sweep and litter pickup', $3, 184450, 184450, 'exempt', 0)`,
      [customer.overdue.id, property, addDays(issued, -20)],
    );
  });
  await signIn(page, STAFF_EMAIL, '/admin/receivables');
  const form = page.getByRole('form', { name: 'Export for accounting' });
  await form.getByLabel('What to export').selectOption('invoices');
  await form.getByLabel('Layout').selectOption('quickbooks');
  await form.getByLabel('From', { exact: true }).fill(issued);
  await form.getByLabel('To', { exact: true }).fill(issued);
  // Another test may have exported that day's invoices already: "Export again" takes them all.
  await form.getByLabel('Export again: include records exported before').check();
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`QuickBooks-invoices-${issued}-to-${issued}-again.csv`);
  const file = readFileSync(await download.path(), 'utf8');
  expect(file.split('\r\n')[0]).toContain('"Invoice no","Customer","Invoice Date","Due Date"');
  expect(file).toContain(
    `"${customer.overdue.number}","${customer.name}","${issued.slice(5, 7)}/${issued.slice(8, 10)}/${issued.slice(0, 4)}"`,
  );
  expect(file).toContain('"Canal Street Yard: Parking lot sweep and litter pickup","1","1844.50","1844.50","NON","0.00"');
  await expect(form.getByRole('status')).toContainText(`Downloaded QuickBooks-invoices-${issued}-to-${issued}-again.csv`);

  // Exported once: without "Export again" nothing new is in those dates.
  await form.getByLabel('Export again: include records exported before').uncheck();
  await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download CSV' }).click()]);
  await expect(form.getByRole('status')).toContainText('nothing new in those dates');

  // A backwards range gets the field's message, and no file.
  await form.getByLabel('To', { exact: true }).fill(addDays(issued, -1));
  await form.getByRole('button', { name: 'Download CSV' }).click();
  await expect(form.getByText('The end date must be on or after the start date')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'accounting export');
});
