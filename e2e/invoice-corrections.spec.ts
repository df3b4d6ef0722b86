import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { formatCents } from '../src/shared/money';
import { customerWithVisits, monthsAgo } from './support/billing';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { expectAccessibleInBothThemes, screenshotsInBothThemes } from './support/theme';

/*
 * Correcting sent invoices in the console (issue 25). Three customers had Parking Lot Cleaning visits
 * 17 months ago, a month no other test bills; the month is prepared and two of the drafts are
 * approved and sent through the API. On the first, staff issue a credit note: an amount larger than
 * the invoice asks for shows the server's message, then $40.00 is issued (CN-20xx-000nn) and the
 * amount due drops; its PDF downloads, and voiding the credited invoice is refused with the server's
 * reason. The second is voided with a reason after a confirm step: status Void, the reason shown,
 * no actions but the PDF. The draft offers its PDF as a preview, and the customer's page its
 * statement. axe in both themes; screenshots at 1440 and 375 px, light and dark, in
 * test-results/invoice-corrections.
 */

const SHOTS = path.join('test-results', 'invoice-corrections');
const wide = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };

async function expectPdf(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

/** The href of a download link, fetched with the page's session: it must answer a PDF. */
async function expectPdfLink(page: Page, name: string | RegExp) {
  const link = page.getByRole('link', { name });
  await expect(link).toHaveAttribute('download', '');
  await expectPdf(await page.request.get((await link.getAttribute('href'))!));
}

interface InvoiceBody {
  id: string;
  number: string | null;
  totalCents: number;
  amountDueCents: number;
}

test('staff issue a credit note on a sent invoice, void another, and download the PDFs and a statement', async ({ page }) => {
  test.slow();
  await page.setViewportSize(wide);
  const tag = randomUUID().slice(0, 6);
  const month = monthsAgo(17);
  const lakeside = await customerWithVisits({ name: `Lakeside Business Park ${tag}`, month, days: [[4, 11, 18]] });
  const brookfield = await customerWithVisits({ name: `Brookfield Square Offices ${tag}`, month, days: [[5]] });
  const tosa = await customerWithVisits({ name: `Wauwatosa Village Shops ${tag}`, month, days: [[6]] });

  await signIn(page, STAFF_EMAIL, '/admin/invoices');
  const run = await page.request.post('/api/admin/billing-runs', { data: { month } });
  expect(run.ok()).toBe(true);
  const invoiceOf = async (customerId: string) => {
    const [summary] = (await (await page.request.get(`/api/admin/invoices?customerId=${customerId}&month=${month}`)).json()) as [
      { id: string },
    ];
    return summary.id;
  };
  const sent = async (customerId: string) => {
    const approved = await page.request.post(`/api/admin/invoices/${await invoiceOf(customerId)}/approve`);
    expect(approved.ok()).toBe(true);
    return (await approved.json()) as InvoiceBody;
  };
  const credited = await sent(lakeside.customerId);
  const voided = await sent(brookfield.customerId);
  const draftId = await invoiceOf(tosa.customerId);

  // A credit note: the amount in dollars; more than the invoice asks for is refused with the server's message.
  await page.goto(`/admin/invoices/${credited.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${credited.number}` })).toBeVisible();
  await expectPdfLink(page, 'Download PDF');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText(formatCents(credited.amountDueCents));
  await page.getByRole('button', { name: 'Issue a credit note' }).click();
  const creditForm = page.getByRole('form', { name: 'Issue a credit note' });
  await creditForm.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(creditForm.getByText('Enter an amount', { exact: true })).toBeVisible();
  await expect(creditForm.getByText('The reason is required')).toBeVisible();
  await creditForm.getByLabel('Amount ($)').fill('10,000');
  await creditForm.getByLabel('Reason').fill('Lot 3 was closed for resurfacing on the 18th; sweep billed in error');
  await creditForm.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(
    creditForm.getByText(`A credit note can take off at most what the invoice still asks for: ${formatCents(credited.amountDueCents)}`),
  ).toBeVisible();
  await expect(creditForm.getByLabel('Amount ($)')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessibleInBothThemes(page, 'the credit note form with the server’s message');
  await creditForm.getByLabel('Amount ($)').fill('40');
  await creditForm.getByRole('button', { name: 'Issue credit note' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Credit note' });
  await expect(notice).toContainText(/^Credit note CN-20\d\d-\d{5} issued for \$40\.00 and e-mailed to the customer\.$/);
  const cnNumber = /CN-20\d\d-\d{5}/.exec((await notice.textContent())!)![0];
  await expect(totals).toContainText(formatCents(credited.amountDueCents - 4000));
  const notes = page.getByRole('region', { name: 'Credit notes' });
  await expect(notes).toContainText(cnNumber);
  await expect(notes).toContainText('-$40.00');
  await expect(notes).toContainText('Lot 3 was closed for resurfacing on the 18th; sweep billed in error');
  await expectPdfLink(page, `PDF of credit note ${cnNumber}`);
  const stored = await withDatabase(
    async (client) => (await client.query('select number, amount_cents from credit_notes where invoice_id = $1', [credited.id])).rows,
  );
  expect(stored).toEqual([{ number: cnNumber, amount_cents: 4000 }]);
  await expectAccessibleInBothThemes(page, 'an invoice with a credit note');
  await screenshotsInBothThemes(page, SHOTS, 'credited-1440');
  await page.setViewportSize(phone);
  await screenshotsInBothThemes(page, SHOTS, 'credited-375');
  await page.setViewportSize(wide);

  // A credited invoice cannot be voided: the server's reason is shown.
  await page.getByRole('button', { name: 'Void invoice' }).click();
  await page.getByLabel('Why it is void').fill('Billed to the wrong company');
  await page.getByRole('form', { name: 'Void invoice' }).getByRole('button', { name: 'Void invoice' }).click();
  await page.getByRole('button', { name: 'Void invoice' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Could not void the invoice. A credit note already corrects this invoice, so it cannot be voided: issue another credit note instead.',
  );
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${credited.number}` })).toBeVisible();

  // Void another: the reason is required, then a confirm step says what happens.
  await page.goto(`/admin/invoices/${voided.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${voided.number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Void invoice' }).click();
  const voidForm = page.getByRole('form', { name: 'Void invoice' });
  await voidForm.getByRole('button', { name: 'Void invoice' }).click();
  await expect(voidForm.getByText('The reason is required')).toBeVisible();
  await voidForm.getByLabel('Why it is void').fill('Billed to the wrong company: the lot belongs to Brookfield Square LLC');
  await voidForm.getByRole('button', { name: 'Void invoice' }).click();
  await expect(page.getByText(/billing contacts are e-mailed the void invoice/)).toContainText(
    'Its month can then be prepared again for a corrected invoice.',
  );
  await expectAccessibleInBothThemes(page, 'the void confirm step');
  await page.getByRole('button', { name: 'Void invoice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'void' })).toHaveText(
    `Invoice ${voided.number} is void. The customer’s billing contacts were e-mailed.`,
  );
  await expect(page.getByText('Void', { exact: true })).toBeVisible();
  const banner = page.getByRole('note', { name: 'Void invoice' });
  await expect(banner).toContainText('This invoice is void: nothing is owed on it.');
  await expect(banner).toContainText('Why: Billed to the wrong company: the lot belongs to Brookfield Square LLC');
  await expect(page.getByRole('button', { name: /Void|credit note|Approve|Remove|Add a line/ })).toHaveCount(0);
  await expectPdfLink(page, 'Download PDF');
  const status = await withDatabase(
    async (client) => (await client.query('select status, void_reason from invoices where id = $1', [voided.id])).rows,
  );
  expect(status).toEqual([{ status: 'void', void_reason: 'Billed to the wrong company: the lot belongs to Brookfield Square LLC' }]);
  await expectAccessibleInBothThemes(page, 'a void invoice');
  await screenshotsInBothThemes(page, SHOTS, 'void-1440');
  await page.setViewportSize(phone);
  await screenshotsInBothThemes(page, SHOTS, 'void-375');
  await page.setViewportSize(wide);

  // A draft's PDF is a preview; it has nothing to correct.
  await page.goto(`/admin/invoices/${draftId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Draft invoice for Wauwatosa Village Shops ${tag}` })).toBeVisible();
  await expectPdfLink(page, 'Download PDF (preview)');
  await expect(page.getByRole('region', { name: 'Correct this invoice' })).toHaveCount(0);

  // The customer's statement of account, from its page.
  await page.goto(`/admin/customers/${lakeside.customerId}`);
  const account = page.getByRole('region', { name: 'Account and payments' });
  await expect(account.getByRole('link', { name: credited.number! })).toBeVisible();
  await expectPdfLink(page, 'Download statement');
});
