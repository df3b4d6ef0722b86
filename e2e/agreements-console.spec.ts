import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ConsoleAgreement } from '../src/shared/api/agreements';
import type { PublicEstimate } from '../src/shared/api/estimates';
import { estimateTotals } from '../src/shared/estimate-totals';
import { weekStartOf } from '../src/shared/local-dates';
import { formatCents } from '../src/shared/money';
import { withDatabase } from './support/database';
import { sentEstimate } from './support/sent-estimate';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { expectAccessibleInBothThemes, screenshotsInBothThemes } from './support/theme';

/*
 * The office's side of an accepted estimate (issue 24): a property manager accepts the sample
 * estimate of three properties on its page (12 months, the landscaping option), answering a quote
 * request; staff see it among the new agreements on the overview with each property's first visit,
 * open the agreement's page from there, from the quote request, the customer and the estimate,
 * download the signed copy, and find each first visit marked "Needs a crew" on the schedule board,
 * as the estimate proposed no crew. axe in both themes on the agreement's page; screenshots at
 * 1440 and 375 px, light and dark, in test-results/agreements-console.
 */

const SHOTS = path.join('test-results', 'agreements-console');
const wide = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };

/** A PDF's text, as poppler's pdftotext reads it. */
const pdfText = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

/** The sample estimate, sent in answer to a quote request from the same property manager; the request's e-mail to find it by. */
async function estimateForRequest(page: Page) {
  const estimate = await sentEstimate();
  const email = await withDatabase(
    async (client) => (await client.query('select email from estimates where id = $1', [estimate.id])).rows[0].email as string,
  );
  const message = 'We manage Layton Crossing, Bluemound Corporate Center and Third Ward Lofts and need one company for all three lots.';
  const request = await page.request.post('/api/contact', {
    data: { name: 'Dana Kowalski', email, phone: '(414) 555-0199', service: 'Parking Lot Cleaning', message, consent: true },
  });
  expect(request.status()).toBe(201);
  const { id: requestId } = (await request.json()) as { id: string };
  await withDatabase((client) => client.query('update estimates set quote_request_id = $1 where id = $2', [requestId, estimate.id]));
  return { estimate, email };
}

test('an accepted estimate on the overview, its agreement’s page, the signed copy, and its first visits needing a crew', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(wide);
  const { estimate, email } = await estimateForRequest(page);

  // The property manager accepts on the estimate's page: 12 months, with the landscaping option.
  await page.goto(`/estimates/${estimate.token}`);
  await expect(page.locator('[data-ready="true"]')).toBeAttached();
  const shown = (await (await page.request.get(`/api/estimates/${estimate.token}`)).json()) as PublicEstimate;
  const option = estimate.properties[0]!.optionalLineIds[0]!;
  const totals = estimateTotals(shown.properties, { discountBp: shown.termDiscounts['12-months']!, chosenOptionalIds: [option] });
  await page.getByRole('checkbox', { name: /Landscaped Area Cleanup/ }).check();
  await page.getByRole('radio', { name: '12 months — save 10%' }).check();
  await page.getByLabel('Your full name').fill('Dana Kowalski');
  await page.getByLabel('Your title').fill('Property Manager');
  await page.getByLabel('I agree to the terms above').check();
  await page.getByRole('button', { name: 'Accept estimate' }).click();
  // The acceptance makes the customer, its properties, a portal user, the plans and their visits, and mails the signed PDF:
  // on a machine busy with other work, that took longer than the usual 5 s.
  await expect(page.getByRole('heading', { name: 'Thank you — your service agreement is in place' })).toBeVisible({ timeout: 20_000 });
  const agreementId = await withDatabase(
    async (client) => (await client.query('select id from service_agreements where estimate_id = $1', [estimate.id])).rows[0].id as string,
  );

  // The overview: among the new agreements, with what it comes to a month and each property's first visit.
  await signIn(page, STAFF_EMAIL, '/admin');
  const agreement = (await (await page.request.get(`/api/admin/agreements/${agreementId}`)).json()) as ConsoleAgreement;
  expect(agreement.totals.monthlyTotalCents).toBe(totals.monthlyTotalCents);
  const panel = page.getByRole('region', { name: 'New agreements' });
  const item = panel.locator(`[data-agreement="${agreementId}"]`);
  await expect(item.getByRole('link', { name: 'Brightwater Property Management' })).toBeVisible();
  await expect(item).toContainText(`about ${formatCents(totals.monthlyTotalCents)} a month`);
  await expect(item).toContainText(`estimate ${estimate.number}`);
  const firstVisits = item.getByRole('list', { name: 'First visits for Brightwater Property Management' }).getByRole('listitem');
  await expect(firstVisits).toHaveCount(3);
  for (const [index, property] of estimate.properties.entries()) {
    const row = firstVisits.nth(index);
    await expect(row).toContainText(`${property.name}:`);
    await expect(row.getByRole('link', { name: /^first visit / })).toHaveAttribute(
      'href',
      `/admin/visits/${agreement.properties[index]!.firstVisit!.id}`,
    );
    await expect(row.getByText('Needs a crew')).toBeVisible();
  }
  await expectAccessibleInBothThemes(page, 'overview 1440');
  await screenshotsInBothThemes(page, SHOTS, 'overview-1440');
  await page.setViewportSize(phone);
  await expect(item.getByText('Needs a crew').first()).toBeVisible();
  await screenshotsInBothThemes(page, SHOTS, 'overview-375');
  await page.setViewportSize(wide);

  // The agreement's page, from the overview.
  await item.getByRole('link', { name: 'Brightwater Property Management' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/agreements/${agreementId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Service agreement with Brightwater Property Management' })).toBeVisible();
  await expect(page.locator('[data-agreement-monthly]')).toContainText(formatCents(totals.monthlyTotalCents));
  await expect(page.getByRole('link', { name: `Estimate ${estimate.number}` })).toHaveAttribute('href', `/admin/estimates/${estimate.id}`);
  await expect(page.getByText('Dana Kowalski, Property Manager')).toBeVisible();
  await expect(page.getByText('3 first visits have nobody assigned')).toBeVisible();
  for (const property of estimate.properties) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: property.name }) });
    await expect(card.getByText('Needs a crew')).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /Dana Kowalski’s request for Parking Lot Cleaning/ })).toBeVisible();

  // The signed copy: a PDF with the signer's name, read back with pdftotext.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the signed copy (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Estimate-${estimate.number}-Brightwater-Property-Management-signed\\.pdf$`));
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const words = pdfText(file);
  expect(words).toContain('Dana Kowalski');
  expect(words).toContain('Property Manager');

  await expectAccessibleInBothThemes(page, 'agreement 1440');
  await screenshotsInBothThemes(page, SHOTS, 'agreement-1440');
  await page.setViewportSize(phone);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'agreement 375');
  // Nothing widens a phone's page: a long e-mail address wraps.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotsInBothThemes(page, SHOTS, 'agreement-375');
  await page.setViewportSize(wide);

  // The schedule board: each first visit says it needs a crew, and the week counts them.
  const first = agreement.properties[0]!.firstVisit!;
  await page.goto(`/admin/schedule?week=${weekStartOf(first.date)}`);
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="/admin/visits/${first.id}"]`) });
  await expect(card.getByText('Needs a crew')).toBeVisible();
  const notice = page.getByText(/^\d+ visits? this week needs? a crew\.$/);
  await expect(notice).toBeVisible();
  expect(Number(await notice.getAttribute('data-needs-crew-count'))).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Show only the visits that need a crew' }).click();
  await expect(card.getByText('Needs a crew')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasNot: page.getByText('Needs a crew') })).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'schedule 1440');
  await screenshotsInBothThemes(page, SHOTS, 'schedule-needs-crew-1440');
  await page.setViewportSize(phone);
  await expect(card.getByText('Needs a crew')).toBeVisible();
  await screenshotsInBothThemes(page, SHOTS, 'schedule-needs-crew-375');
  await page.setViewportSize(wide);

  // The quote request it answered: won, with its estimate, its customer and the agreement.
  await page.goto(`/admin/submissions?${new URLSearchParams({ status: 'all', q: email })}`);
  const request = page.locator('[data-quote-request]').filter({ hasText: 'Dana Kowalski' });
  await expect(request.locator('[data-estimate-status="accepted"]')).toBeVisible();
  await expect(request.getByRole('link', { name: String(estimate.number), exact: true })).toHaveAttribute(
    'href',
    `/admin/estimates/${estimate.id}`,
  );
  await expect(request.getByRole('link', { name: 'Brightwater Property Management', exact: true })).toHaveAttribute(
    'href',
    `/admin/customers/${agreement.customer.id}`,
  );
  await request.getByRole('link', { name: `Service agreement from estimate ${estimate.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/agreements/${agreementId}$`));

  // The customer's page lists it; the estimate's page opens it.
  await page.getByRole('link', { name: 'Brightwater Property Management', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${agreement.customer.id}$`));
  const section = page.getByRole('region', { name: 'Service agreements' });
  await expect(section).toContainText(`about ${formatCents(totals.monthlyTotalCents)} a month`);
  await section.getByRole('link', { name: `12 months agreement from estimate ${estimate.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/agreements/${agreementId}$`));
  await page.goto(`/admin/estimates/${estimate.id}`);
  await page.getByRole('link', { name: 'Open the service agreement' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/agreements/${agreementId}$`));
});

test('a quote request lists its draft estimate while it is still new', async ({ page }) => {
  await page.setViewportSize(wide);
  const { estimate, email } = await estimateForRequest(page);
  await withDatabase((client) =>
    client.query(`update estimates set status = 'draft', token_hash = null, sent_at = null where id = $1`, [estimate.id]),
  );
  await signIn(page, STAFF_EMAIL, `/admin/submissions?${new URLSearchParams({ status: 'all', q: email })}`);
  const request = page.locator('[data-quote-request]').filter({ hasText: 'Dana Kowalski' });
  await expect(request.getByRole('combobox', { name: 'Status' })).toHaveValue('new');
  await expect(request.locator('[data-estimate-status="draft"]')).toHaveText('Draft');
  await expect(request.getByRole('link', { name: String(estimate.number), exact: true })).toHaveAttribute(
    'href',
    `/admin/estimates/${estimate.id}`,
  );
  await expect(request.getByText('Won', { exact: true })).toHaveCount(0);
});
