import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { startSmtpServer } from '#test/smtp';
import type { BillingSettings, PriceBookService } from '../src/shared/api/pricing';
import { AGREEMENT_TERMS, estimateTotals, TERM_NAMES, type TotalsProperty } from '../src/shared/estimate-totals';
import { formatCents } from '../src/shared/money';
import { taxRateBp } from '../src/shared/tax-jurisdictions';
import { expectAccessibleInBothThemes, screenshotsInBothThemes } from './support/theme';
import { STAFF_EMAIL, signIn } from './support/sign-in';

/*
 * The console's estimates (issue 24): written from a quote request with two properties and three
 * lines (one optional), live totals that match the shared estimateTotals to the cent, saved, sent
 * (the e-mail reaches the real SMTP server), revised to v2; axe in both themes on the list, the
 * builder and the estimate's page; screenshots at 1440 and 375 px, light and dark, in test-results.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT ?? 4025));
});
test.afterAll(async () => {
  await smtp.close();
});

const SHOTS = path.join('test-results', 'estimates-console');

/** Picks a service from the price book on a line, and types its price. */
async function fillLine(line: Locator, service: string, price: string) {
  const select = line.getByLabel(/^Service/);
  await select.selectOption((await select.locator('option', { hasText: `${service} ·` }).getAttribute('value'))!);
  await line.getByLabel(/^Price/).fill(price);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('write an estimate from a quote request, see its totals live, save, send, and revise it', async ({ page }) => {
  test.slow();
  const stamp = Date.now();
  const requester = { name: `Renata Wozniak ${stamp}`, email: `renata${stamp}@bayviewplaza.example`, phone: '(414) 555-0186' };
  const message = 'Our lot at 2400 S Kinnickinnic Ave, Milwaukee, WI 53207 needs sweeping twice a week, and the annex in Waukesha too.';
  expect(
    (await page.request.post('/api/contact', { data: { ...requester, service: 'Parking Lot Cleaning', message, consent: true } })).status(),
  ).toBe(201);

  await signIn(page, STAFF_EMAIL, '/admin/submissions');
  await page.getByRole('searchbox', { name: 'Search' }).fill(requester.email);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: requester.name }) });
  await card.getByRole('link', { name: 'Write an estimate' }).click();

  // The person and their message come over; the company is asked for.
  await expect(page.getByRole('heading', { level: 1, name: 'New estimate' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('');
  await expect(page.getByLabel('Contact name')).toHaveValue(requester.name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(requester.email);
  await expect(page.getByLabel('Phone (optional)')).toHaveValue(requester.phone);
  await expect(page.getByRole('complementary', { name: /The quote request of/ })).toContainText(message);

  // Nothing saved without a company: the message is on its field.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  const company = `Bayview Plaza ${stamp}`;
  await page.getByLabel('Company name').fill(company);

  // The first property, from the address in the message: the City of Milwaukee's tax, guessed from the city.
  const first = page.locator('[data-property="0"]');
  await expect(first.getByLabel('Street address')).toHaveValue('2400 S Kinnickinnic Ave');
  await expect(first.getByLabel('Sales tax')).toHaveValue('milwaukee-city');
  await first.getByLabel('Property name').fill('Bayview Plaza');
  await first.getByLabel('Parking spaces (optional)').fill('180');
  await fillLine(first.locator('[data-line="0"]'), 'Parking Lot Cleaning', '95.00');
  // A bad price says why, on its field.
  await first
    .locator('[data-line="0"]')
    .getByLabel(/^Price/)
    .fill('95.005');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(first.getByText('Enter at most 2 digits after the decimal point')).toBeVisible();
  await first
    .locator('[data-line="0"]')
    .getByLabel(/^Price/)
    .fill('95.00');
  await first.getByRole('button', { name: /Add a service/ }).click();
  const optional = first.locator('[data-line="1"]');
  await fillLine(optional, 'Landscaped Area Cleanup', '60.00');
  await optional.getByLabel(/^Frequency/).selectOption('once');
  await optional.getByLabel(/^Optional/).check();

  // A second property in Waukesha: its tax follows the city.
  await page.getByRole('button', { name: 'Add another property' }).click();
  const second = page.locator('[data-property="1"]');
  await second.getByLabel('Property name').fill('Bayview Annex');
  await second.getByLabel('Street address').fill('1200 W Sunset Dr');
  await second.getByLabel('City').fill('Waukesha');
  await second.getByLabel('ZIP code').fill('53189');
  await expect(second.getByLabel('Sales tax')).toHaveValue('waukesha-county');
  await fillLine(second.locator('[data-line="0"]'), 'Initial Cleanup', '350.00');
  // Once the form has been sent, the new property's empty fields were refused; filled, they no longer are.
  await expect(second.getByText('Enter an amount')).toHaveCount(0);
  await expect(second.getByText('Property name is required')).toHaveCount(0);

  // The live totals are the shared estimateTotals' figures, to the cent, for each term offered.
  const services = (await (await page.request.get('/api/admin/price-book')).json()) as PriceBookService[];
  const settings = (await (await page.request.get('/api/admin/billing-settings')).json()) as BillingSettings;
  const service = (name: string) => services.find((candidate) => candidate.name === name)!;
  const properties: TotalsProperty[] = [
    {
      id: 'a',
      taxRateBp: taxRateBp('milwaukee-city', settings.taxRates),
      lines: [
        {
          id: 'a1',
          unit: 'visit',
          unitPriceCents: 9500,
          rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
          taxClass: service('Parking Lot Cleaning').taxClass,
          optional: false,
        },
        { id: 'a2', unit: 'visit', unitPriceCents: 6000, rrule: null, taxClass: 'taxable', optional: true },
      ],
    },
    {
      id: 'b',
      taxRateBp: taxRateBp('waukesha-county', settings.taxRates),
      lines: [
        { id: 'b1', unit: 'once', unitPriceCents: 35000, rrule: null, taxClass: service('Initial Cleanup').taxClass, optional: false },
      ],
    },
  ];
  const totals = page.locator('[data-live-totals]');
  for (const term of AGREEMENT_TERMS) {
    const expected = estimateTotals(properties, { discountBp: settings.termDiscounts[term], chosenOptionalIds: [] });
    await expect(totals.locator(`[data-term="${term}"]`)).toContainText(`about ${formatCents(expected.monthlyTotalCents)} a month`);
    await expect(totals.locator(`[data-term="${term}"]`)).toContainText(TERM_NAMES[term]);
  }
  const base = estimateTotals(properties, { discountBp: 0, chosenOptionalIds: [] });
  await expect(first.locator('[data-property-totals]')).toContainText(`about ${formatCents(base.properties[0]!.monthlyCents)} a month`);
  await expect(totals.locator('[data-one-time-total]')).toHaveText(formatCents(base.oneTimeTotalCents));
  // A price typed anew changes them at once.
  await first
    .locator('[data-line="0"]')
    .getByLabel(/^Price/)
    .fill('100');
  properties[0]!.lines[0]!.unitPriceCents = 10000;
  const twelve = estimateTotals(properties, { discountBp: settings.termDiscounts['12-months'], chosenOptionalIds: [] });
  await expect(totals.locator('[data-term="12-months"]')).toContainText(`about ${formatCents(twelve.monthlyTotalCents)} a month`);

  await expectAccessibleInBothThemes(page);
  await screenshotsInBothThemes(page, SHOTS, 'builder-1440');

  // Saved as a draft: its page.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Estimate \d+$/ })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Estimate ', '');
  await expect(page.locator('[data-estimate-status]').first()).toHaveText('Draft');
  await expect(page.getByRole('heading', { name: 'Bayview Annex' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Landscaped Area Cleanup' })).toContainText('Optional');

  // Send, after the question.
  await page.getByRole('button', { name: 'Send…' }).click();
  await expect(page.getByText(`Send estimate ${number} to ${requester.email}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Send estimate' }).click();
  await expect(page.locator('[data-estimate-status]').first()).toHaveText('Sent');
  const mail = await smtp.nextMailTo(requester.email);
  expect(mail.decoded).toContain(`/estimates/`);
  expect(mail.decoded).toContain(company);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Sent');
  await expect(page.locator('[data-quote-time]')).toContainText(/after the request — within our 24-hour promise/);
  await expectAccessibleInBothThemes(page);
  await screenshotsInBothThemes(page, SHOTS, 'estimate-sent-1440');

  // The request now shows it, and is quoted.
  await page.goto(`/admin/submissions?${new URLSearchParams({ status: 'all', q: requester.email })}`);
  const quoted = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: requester.name }) });
  await expect(quoted.locator('[data-status-badge]')).toHaveText('quoted');
  await expect(quoted.getByRole('link', { name: number })).toBeVisible();
  await quoted.getByRole('link', { name: number }).click();

  // Revise: version 2, a draft to edit, the sent one untouched until v2 goes out.
  await page.getByRole('button', { name: 'Revise' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit estimate ${number} v2` })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue(company);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Estimate ${number} v2` })).toBeVisible();
  const versions = page.getByRole('region', { name: 'History' });
  await expect(versions.getByRole('link', { name: /v1/ })).toBeVisible();
  await expect(versions.getByText('v2 (this one)')).toBeVisible();

  // The list: the latest version, with its status and amount.
  await page.getByRole('link', { name: 'Estimates', exact: true }).first().click();
  const row = page.locator(`[data-estimate="${number}"]`);
  await expect(row).toContainText(`${number} v2`);
  await expect(row).toContainText(company);
  await expect(row.locator('[data-estimate-status]:visible')).toHaveText('Draft');
  await expectAccessibleInBothThemes(page);
  await screenshotsInBothThemes(page, SHOTS, 'list-1440');
  // The status filter keeps only its status: the draft just written leaves the list of accepted ones
  // (another file's prospect may have accepted one meanwhile, so the list need not be empty).
  await page.getByLabel('Status').selectOption('accepted');
  await expect(page).toHaveURL(/status=accepted/);
  await expect(row).toHaveCount(0);
  for (const status of await page.locator('[data-estimate-status]:visible').allTextContents()) expect(status).toBe('Accepted');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the builder, a customer’s estimate with its properties to pick, fits a 375 px screen', async ({ page }) => {
    await signIn(page, STAFF_EMAIL, '/admin/customers');
    await page.getByRole('link', { name: /Southridge Commons Management/ }).click();
    await page.getByRole('link', { name: 'New estimate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New estimate' })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue('Southridge Commons Management');
    // The customer has no contact on file: the first of its people with a name is asked for.
    await expect(page.getByLabel('Contact name')).toHaveValue('Dana Kowalski');
    await page.getByRole('group', { name: 'The customer’s properties' }).getByRole('checkbox').first().check();
    const property = page.locator('[data-property="0"]');
    await expect(property.getByLabel('Street address')).toHaveJSProperty('readOnly', true);
    await fillLine(property.locator('[data-line="0"]'), 'Sidewalks & Building Entrances', '45');
    await expect(page.locator('[data-live-totals] [data-term="month-to-month"]')).toContainText('a month');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessibleInBothThemes(page);
    await screenshotsInBothThemes(page, SHOTS, 'builder-375');

    // Saved: its page, then the list, at the same width.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Estimate \d+$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fox River Apartments' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessibleInBothThemes(page);
    await screenshotsInBothThemes(page, SHOTS, 'estimate-375');
    await page.getByRole('link', { name: 'Estimates', exact: true }).first().click();
    await expect(page.locator('[data-estimate]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotsInBothThemes(page, SHOTS, 'list-375');
  });
});
