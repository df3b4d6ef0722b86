import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { monthText, shortDateText } from '../src/shared/date-formats';
import { customerWithVisits, monthsAgo } from './support/billing';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { expectAccessibleInBothThemes, screenshotsInBothThemes } from './support/theme';

/*
 * The console's invoices (issue 25). Three customers had Parking Lot Cleaning visits ($85.00 a visit)
 * 14 months ago, a month no other test bills. Staff prepare that month's invoices, open the
 * two-site customer's draft, add a $45.00 line with a reason, take an unverified visit off it with a
 * reason, approve and send it (its number 20xx-000nn, status Open, no edit controls left), then
 * approve and send the other drafts at once: one goes out, one with no lines left is refused and
 * says why. The list filters by status and month (in the URL), and by the receivables screen's
 * ?customer= and ?aging=. axe in both themes; screenshots at 1440 and 375 px, light and dark, in
 * test-results/invoices-console.
 */

const SHOTS = path.join('test-results', 'invoices-console');
const wide = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };
const NUMBER = /20\d\d-\d{5}/;

/**
 * The console's sections fit the header at a desk: every link on one row, none taller than two lines
 * of text, and nothing in the header pushed past its edge (Log Out stays in view).
 */
async function expectNavOnOneRow(page: Page) {
  const boxes = await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect()).map(({ top, height }) => ({ top, height })));
  expect(boxes.length).toBeGreaterThan(7);
  expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
  for (const box of boxes) expect(box.height).toBeLessThan(56);
  const header = await page.locator('header > div').evaluate((row) => ({ scroll: row.scrollWidth, client: row.clientWidth }));
  expect(header.scroll).toBeLessThanOrEqual(header.client);
  await expect(page.getByRole('link', { name: 'Log Out' })).toBeInViewport({ ratio: 1 });
}

test('staff prepare a month’s invoices, review a draft line by line, approve and send it, and filter the list', async ({ page }) => {
  test.slow();
  await page.setViewportSize(wide);
  const tag = randomUUID().slice(0, 6);
  const month = monthsAgo(14);
  const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
  // Two sites: three visits at the first (the one on the 17th checked in away from the lot), one at the second.
  const harbor = await customerWithVisits({
    name: `Harbor Retail Group ${tag}`,
    month,
    days: [[3, 10, { day: 17, unverified: true }], [4]],
  });
  const bayView = await customerWithVisits({ name: `Bay View Commons ${tag}`, month, days: [[5]] });
  const oakCreek = await customerWithVisits({ name: `Oak Creek Medical ${tag}`, month, days: [[6]] });

  await signIn(page, STAFF_EMAIL, '/admin/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page).toHaveTitle(/^Invoices · /);
  const nav = page.getByRole('navigation', { name: 'Staff console' });
  await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
  await expectNavOnOneRow(page);
  await expect(page.getByRole('link', { name: 'Receivables' })).toHaveAttribute('href', '/admin/receivables');

  // Prepare invoices: last month is chosen unless told otherwise; this test bills its own month.
  const prepare = page.getByRole('region', { name: 'Prepare invoices' });
  await expect(prepare.getByLabel('Month to bill')).toHaveValue(monthsAgo(1));
  await prepare.getByLabel('Month to bill').selectOption(month);
  await prepare.getByRole('button', { name: 'Prepare invoices' }).click();
  await expect(prepare.getByRole('status')).toContainText(new RegExp(`^${monthText(month)} \\(.+\\): \\d+ drafts? made`));
  await prepare.getByRole('link', { name: `Review ${monthText(month)}’s drafts` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/invoices\\?status=draft&month=${month}$`));
  for (const name of ['Bay View Commons', 'Oak Creek Medical'])
    await expect(page.getByRole('row', { name: `Draft invoice for ${name} ${tag}` })).toBeVisible();
  const harborRow = page.getByRole('row', { name: new RegExp(`Harbor Retail Group ${tag}`) });
  await expect(harborRow).toContainText('$340.00');
  await expect(harborRow).toContainText('Draft');

  // The status filter is kept in the URL: no paid invoice that month.
  await page.getByLabel('Status', { exact: true }).selectOption('paid');
  await expect(page).toHaveURL(new RegExp(`status=paid&month=${month}$`));
  await expect(page.getByText('No invoice matches these filters.')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('draft');
  await expect(harborRow).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the invoices list');

  // The draft: a section per site, each visit with its date, its record and "Verified on site".
  await harborRow.getByRole('link', { name: `Draft invoice for Harbor Retail Group ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Draft invoice for Harbor Retail Group ${tag}` })).toBeVisible();
  const site1 = page.getByRole('region', { name: 'Site 1' });
  const site2 = page.getByRole('region', { name: 'Site 2' });
  await expect(site1.locator('tr[data-line]')).toHaveCount(3);
  await expect(site1.getByText('Verified on site')).toHaveCount(2);
  await expect(site1.getByRole('link', { name: `Visit record of ${shortDateText(day(3))}` })).toHaveAttribute(
    'href',
    `/admin/visits/${harbor.visitIds[0]![0]}`,
  );
  await expect(site2.getByText('Verified on site')).toHaveCount(1);
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('$340.00');

  // Add a line: the amount is read in dollars, and the reason is required.
  await page.getByRole('button', { name: 'Add a line' }).click();
  const addLine = page.getByRole('form', { name: 'Add a line' });
  await addLine.getByLabel('Property').selectOption({ label: 'Site 2' });
  await addLine.getByLabel('Description').fill('Extra sweep after the Summerfest lot event');
  await addLine.getByLabel('Amount ($)').fill('45.999');
  await addLine.getByRole('button', { name: 'Add line' }).click();
  await expect(addLine.getByText('Enter at most 2 digits after the decimal point')).toBeVisible();
  await expect(addLine.getByText('The reason is required')).toBeVisible();
  await addLine.getByLabel('Amount ($)').fill('45');
  await addLine.getByLabel('Reason').fill('Asked for by phone on the 12th; approved by Dana');
  await addLine.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
    'Added “Extra sweep after the Summerfest lot event” ($45.00) to Site 2.',
  );
  await expect(site2.getByRole('row', { name: /Extra sweep after the Summerfest lot event/ })).toContainText(
    'Added by staff: Asked for by phone on the 12th; approved by Dana',
  );
  await expect(totals).toContainText('$385.00');

  // Remove the unverified visit, with a reason.
  await site1.getByRole('button', { name: `Remove “Parking Lot Cleaning” of ${shortDateText(day(17))}` }).click();
  const removal = site1.getByRole('form', { name: 'Remove “Parking Lot Cleaning”' });
  await removal.getByRole('button', { name: 'Remove line' }).click();
  await expect(removal.getByText('The reason is required')).toBeVisible();
  await removal.getByLabel('Why it comes off').fill('Checked in away from the lot: no proof of the visit');
  await expectAccessibleInBothThemes(page, 'a draft with its forms open');
  await removal.getByRole('button', { name: 'Remove line' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Removed' })).toHaveText('Removed “Parking Lot Cleaning” ($85.00).');
  await expect(site1.getByText(/^Removed .*: Checked in away from the lot: no proof of the visit$/)).toBeVisible();
  await expect(site1.getByRole('button', { name: /^Remove/ })).toHaveCount(2);
  await expect(totals).toContainText('$300.00');
  await expectAccessibleInBothThemes(page, 'a draft');
  await screenshotsInBothThemes(page, SHOTS, 'draft-1440');

  // Approve and send, after a confirm step.
  await page.getByRole('button', { name: 'Approve and send' }).click();
  await page.getByRole('button', { name: 'Approve and send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved' })).toContainText(
    new RegExp(`^Approved and sent as invoice ${NUMBER.source}, due `),
  );
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(new RegExp(`^Invoice ${NUMBER.source}$`));
  const number = (await heading.textContent())!.replace('Invoice ', '');
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Remove|Add a line|Approve/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Bill to' })).toContainText('Net 30');
  const stored = await withDatabase(
    async (client) =>
      (await client.query('select number, status, total_cents from invoices where customer_id = $1', [harbor.customerId])).rows,
  );
  expect(stored).toEqual([{ number, status: 'sent', total_cents: 30_000 }]);
  await expectAccessibleInBothThemes(page, 'a sent invoice');
  await screenshotsInBothThemes(page, SHOTS, 'invoice-1440');
  await page.setViewportSize(phone);
  await screenshotsInBothThemes(page, SHOTS, 'invoice-375');
  await page.setViewportSize(wide);

  // Approve and send all: Bay View's only line taken off first, so it is refused and says why.
  const bayViewInvoice = (
    (await (await page.request.get(`/api/admin/invoices?customerId=${bayView.customerId}`)).json()) as [{ id: string }]
  )[0];
  const bayViewLine = (
    (await (await page.request.get(`/api/admin/invoices/${bayViewInvoice.id}`)).json()) as {
      sections: Array<{ lines: Array<{ id: string }> }>;
    }
  ).sections[0]!.lines[0]!;
  const removed = await page.request.post(`/api/admin/invoices/${bayViewInvoice.id}/lines/${bayViewLine.id}/remove`, {
    data: { reason: 'Billed on the paper invoice already' },
  });
  expect(removed.ok()).toBe(true);
  await page.goto(`/admin/invoices?status=draft&month=${month}`);
  await expect(page.getByRole('row', { name: new RegExp(`Harbor Retail Group ${tag}`) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve and send all' }).click();
  await page.getByRole('button', { name: /^Approve and send \d+ invoices?$/ }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Sent' });
  await expect(answer).toContainText(new RegExp(`${NUMBER.source} to Oak Creek Medical ${tag}`));
  await expect(answer).toContainText(`Bay View Commons ${tag}: This invoice has no lines to bill: add a line, or leave it as a draft.`);
  const statuses = await withDatabase(
    async (client) =>
      (
        await client.query('select customer_id, status from invoices where customer_id = any($1::uuid[]) order by status', [
          [bayView.customerId, oakCreek.customerId],
        ])
      ).rows,
  );
  expect(statuses).toEqual([
    { customer_id: bayView.customerId, status: 'draft' },
    { customer_id: oakCreek.customerId, status: 'sent' },
  ]);
  await expectAccessibleInBothThemes(page, 'approve and send all');

  // The receivables screen's links: one customer's invoices, and those not yet due.
  await page.goto(`/admin/invoices?customer=${harbor.customerId}`);
  await expect(page.getByText(`Invoices of Harbor Retail Group ${tag}.`)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  const sentRow = page.getByRole('row', { name: new RegExp(number) });
  await expect(sentRow).toContainText('$300.00');
  await expect(sentRow).toContainText('Open');
  await page.goto('/admin/invoices?aging=current');
  await expect(page.getByText('Invoices still owed on that are not yet due.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(number) })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('open');
  await expect(page).toHaveURL(/\?aging=current&status=open$/);
  await expect(page.getByRole('row', { name: new RegExp(number) })).toBeVisible();
  await page.getByRole('button', { name: 'Show them all' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\?status=open$/);

  await page.goto(`/admin/invoices?month=${month}`);
  await expect(page.getByRole('row', { name: new RegExp(number) })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'a month’s invoices');
  await screenshotsInBothThemes(page, SHOTS, 'invoices-1440');
  await page.setViewportSize(phone);
  await screenshotsInBothThemes(page, SHOTS, 'invoices-375');
  await page.goto(`/admin/invoices/${bayViewInvoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Draft invoice for Bay View Commons ${tag}` })).toBeVisible();
  await screenshotsInBothThemes(page, SHOTS, 'draft-375');

  // Receivables belongs under Invoices in the nav.
  await page.setViewportSize(wide);
  await page.goto('/admin/receivables');
  await expect(page).toHaveTitle(/^Receivables · /);
  await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
  await expectNavOnOneRow(page);
});
