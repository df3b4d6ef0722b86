import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import type { PublicEstimate } from '../src/shared/api/estimates';
import { fullDateText } from '../src/shared/date-formats';
import { estimateTotals } from '../src/shared/estimate-totals';
import { addDays, localToday } from '../src/shared/local-dates';
import { formatCents } from '../src/shared/money';
import { withDatabase } from './support/database';
import { acceptedEstimate, estimateForCustomer } from './support/sent-estimate';
import { signIn } from './support/sign-in';
import { expectAccessibleInBothThemes, screenshotsInBothThemes } from './support/theme';

/*
 * A customer's service agreements in the portal (issue 24): a property manager who accepted an
 * estimate month-to-month signs in, sees the agreement with its prices, term and renewal, downloads
 * the signed copy, accepts a new estimate for an added property in the portal (the same page as
 * the link's, 12 months with an option), and cancels the month-to-month agreement with 30 days'
 * notice. Each test has a customer of its own, made by accepting the three-property sample.
 */
const SHOTS = 'test-results/portal-agreements';
const THREE_SITES = 'Layton Crossing Shopping Center, Bluemound Corporate Center and Third Ward Lofts';
const AGREEMENTS = '/customer-dashboard/agreements';

interface Customer {
  id: string;
  email: string;
  estimateId: string;
}

/** A customer made the way a prospect becomes one: the sample estimate accepted month-to-month through its link. */
async function customerWithAgreement(page: Page): Promise<Customer> {
  const estimate = await acceptedEstimate(page.request, { term: 'month-to-month' });
  return withDatabase(async (client) => {
    const row = (await client.query('select customer_id, email from estimates where id = $1', [estimate.id])).rows[0];
    return { id: row.customer_id as string, email: row.email as string, estimateId: estimate.id };
  });
}

/** The PDF's text, as poppler's pdftotext reads it. */
const pdfText = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

const agreementCard = (page: Page, name: string) => page.getByRole('region', { name });

test('a signed-in customer sees their agreement, downloads the signed copy, accepts a new estimate for an added property, and cancels the month-to-month agreement', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await customerWithAgreement(page);
  const added = await estimateForCustomer(customer.id, customer.email);
  await signIn(page, customer.email, '/customer-dashboard');

  // The dashboard says an estimate waits; the header leads to the agreements.
  await expect(
    page.getByRole('status').filter({ hasText: `Estimate ${added.number} for Greenfield Station is waiting for your answer.` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Agreements' }).click();
  await expect(page).toHaveURL(AGREEMENTS);
  await expect(page.getByRole('heading', { level: 1, name: 'Agreements and estimates' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Agreements' })).toHaveAttribute('aria-current', 'page');

  // The agreement: its three properties and their services with prices, the term, and month-to-month renewal.
  const monthly = agreementCard(page, THREE_SITES);
  await expect(monthly).toContainText('Month-to-month');
  await expect(monthly).toContainText('Every month, until either of us gives 30 days’ notice');
  await expect(monthly.getByRole('heading', { level: 4, name: 'Layton Crossing Shopping Center' })).toBeVisible();
  await expect(monthly).toContainText('$85.00 per visit');
  await expect(monthly.locator('[data-agreement-status="active"]')).toHaveText('Active');

  // The signed copy, with the signer and the acceptance page.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    monthly.getByRole('link', { name: 'Download signed copy' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Estimate-\d+-Brightwater-Property-Management-signed\.pdf$/);
  const signed = pdfText((await download.path())!);
  expect(signed).toContain('Dana Kowalski');
  expect(signed).toContain('Property Manager');

  // The new estimate waits for an answer, and opens in the portal with the link's page.
  const waiting = page.getByRole('region', { name: 'Estimates waiting for your answer' });
  await expect(waiting).toContainText('Greenfield Station');
  await waiting.getByRole('link', { name: 'Review estimate' }).click();
  await expect(page).toHaveURL(`/customer-dashboard/estimates/${added.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Estimate ${added.number}` })).toBeVisible();
  await expect(page.locator('[data-ready="true"]')).toBeAttached();
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/portal/estimates/${added.id}/pdf`);

  // Options, term and the live total, worked out as the server does.
  const shown = (await (await page.request.get(`/api/portal/estimates/${added.id}`)).json()) as PublicEstimate;
  const option = added.sites[0]!.lines[1]!.id;
  const expected = estimateTotals(shown.properties, { discountBp: shown.termDiscounts['12-months']!, chosenOptionalIds: [option] });
  await page.getByRole('checkbox', { name: /Landscaped Area Cleanup/ }).check();
  await page.getByRole('radio', { name: '12 months — save 10%' }).check();
  await expect(page.getByRole('region', { name: /Your total/ })).toContainText(`About ${formatCents(expected.monthlyTotalCents)} a month`);
  await page.getByLabel('PO number (optional)').fill('GS-2026-04');
  await page.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(page.getByText('Your full name is required')).toBeVisible();
  await page.getByLabel('Your full name').fill('Dana Kowalski');
  await page.getByLabel('Your title').fill('Property Manager');
  await page.getByLabel('I agree to the terms above').check();
  await page.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you — your service agreement is in place' })).toBeFocused();
  await expect(page.getByText('The agreement is under Agreements on your dashboard')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the signed PDF' })).toHaveAttribute(
    'href',
    `/api/portal/estimates/${added.id}/pdf`,
  );

  // Stored once, for this customer, with its evidence; the added property is theirs.
  const made = await withDatabase(async (client) => ({
    estimate: (
      await client.query('select status, customer_id, accepted_name, accepted_ip, accepted_user_agent from estimates where id = $1', [
        added.id,
      ])
    ).rows[0],
    agreements: (await client.query('select term from service_agreements where customer_id = $1 order by created_at', [customer.id])).rows,
    properties: (await client.query('select name, po_number from properties where customer_id = $1 order by name', [customer.id])).rows,
  }));
  expect(made.estimate).toMatchObject({ status: 'accepted', customer_id: customer.id, accepted_name: 'Dana Kowalski' });
  expect(made.estimate.accepted_ip).toBeTruthy();
  expect(made.estimate.accepted_user_agent).toContain('Chrome');
  expect(made.agreements.map((row) => row.term)).toEqual(['month-to-month', '12-months']);
  expect(made.properties).toContainEqual({ name: 'Greenfield Station', po_number: 'GS-2026-04' });

  // Back on the agreements: the new fixed term shows its last day and its renewal; nothing waits any more.
  await page.getByRole('link', { name: 'Your agreements and estimates' }).click();
  const fixed = agreementCard(page, 'Greenfield Station');
  await expect(fixed).toContainText('12 months, 10% off recurring service');
  await expect(fixed).toContainText('Runs through');
  await expect(fixed).toContainText(/Renews month-to-month on \w+ \d+, \d{4}, unless either of us ends it/);
  await expect(fixed.getByRole('button', { name: 'Cancel agreement' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Estimates waiting for your answer' })).toHaveCount(0);

  // Cancel the month-to-month one: the dialog states the notice and the day service ends.
  const endsOn = fullDateText(addDays(localToday(), 30));
  await monthly.getByRole('button', { name: 'Cancel agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this agreement?' });
  await expect(dialog).toContainText('A month-to-month agreement ends with 30 days’ notice');
  await expect(dialog).toContainText(`If you cancel today, service ends on ${endsOn}.`);
  await dialog.getByRole('button', { name: 'Keep my agreement' }).click();
  await expect(dialog).toBeHidden();
  await monthly.getByRole('button', { name: 'Cancel agreement' }).click();
  await dialog.getByRole('button', { name: 'Cancel agreement' }).click();
  await expect(dialog).toBeHidden();
  await expect(monthly.locator('[data-agreement-status="ending"]')).toHaveText('Notice given');
  await expect(monthly.getByRole('status')).toHaveText(
    `You gave notice: service ends on ${endsOn}. Our crews keep to the schedule until then.`,
  );
  await expect(monthly.getByRole('button', { name: 'Cancel agreement' })).toHaveCount(0);
  const status = await withDatabase(
    async (client) =>
      (await client.query(`select status, ends_on::text from service_agreements where estimate_id = $1`, [customer.estimateId])).rows[0],
  );
  expect(status).toEqual({ status: 'ending', ends_on: addDays(localToday(), 30) });
  await page.reload();
  await expect(agreementCard(page, THREE_SITES).getByRole('status')).toContainText(endsOn);
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`axe finds no violations on the dashboard, the agreements and a portal estimate, in both themes, at ${viewport.width} px; screenshots`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const customer = await customerWithAgreement(page);
    const added = await estimateForCustomer(customer.id, customer.email);
    await signIn(page, customer.email, '/customer-dashboard');
    await expect(page.getByRole('link', { name: 'Review estimate' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the dashboard with an estimate waiting');
    await screenshotsInBothThemes(page, SHOTS, `dashboard-${viewport.width}`);

    await page.getByRole('link', { name: 'Agreements' }).click();
    await expect(agreementCard(page, THREE_SITES)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Estimates waiting for your answer' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the agreements');
    await screenshotsInBothThemes(page, SHOTS, `agreements-${viewport.width}`);

    await agreementCard(page, THREE_SITES).getByRole('button', { name: 'Cancel agreement' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the cancel dialog');
    await screenshotsInBothThemes(page, SHOTS, `cancel-dialog-${viewport.width}`);
    await page.getByRole('button', { name: 'Keep my agreement' }).click();

    await page.getByRole('link', { name: 'Review estimate' }).click();
    await expect(page).toHaveURL(`/customer-dashboard/estimates/${added.id}`);
    await expect(page.locator('[data-ready="true"]')).toBeAttached();
    await page.getByRole('checkbox', { name: /Landscaped Area Cleanup/ }).check();
    await expectAccessibleInBothThemes(page, 'the estimate in the portal');
    await screenshotsInBothThemes(page, SHOTS, `estimate-${viewport.width}`);
  });
}
