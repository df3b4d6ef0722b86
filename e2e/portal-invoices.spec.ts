import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fullDateText, mediumDateText } from '../src/shared/date-formats';
import { invoicePeriodText, monthBounds, previousMonth } from '../src/shared/invoices';
import { addDays, localToday } from '../src/shared/local-dates';
import { formatCents } from '../src/shared/money';
import { withDatabase } from './support/database';
import { signIn } from './support/sign-in';
import { expectAccessibleInBothThemes, screenshotsInBothThemes } from './support/theme';

/*
 * Invoices in the portal (issue 25): a property manager on a 375 px phone opens Invoices from the
 * header, sees each sent invoice (never the draft) with its period, total, amount due, due date and
 * status, opens last month's, and follows a visit line to that visit's photos: the proof behind the
 * dollar. axe in both themes; screenshots at 375 and 1440 px, light and dark, in test-results/portal-invoices.
 */

const SHOTS = path.join('test-results', 'portal-invoices');
const phone = { width: 375, height: 812 };
const wide = { width: 1440, height: 900 };

interface Seeded {
  email: string;
  open: { id: string; number: string; totalCents: number; dueOn: string; period: string };
  paid: { id: string; number: string };
  draftId: string;
  plaza: { id: string; name: string };
  /** The visit whose line the test follows, with the demo's photos, and its day. */
  visit: { id: string; date: string };
}

/**
 * A customer of its own, straight in the tables (the billing run and sending have their own tests):
 * two properties, last month's visits, the first one carrying a before and an after photo (the demo
 * company's files, shared), an invoice for last month sent three days ago, the month before's paid
 * in full, and this month's still a draft.
 */
async function customerWithInvoices(): Promise<Seeded> {
  const tag = randomUUID().slice(0, 6);
  const today = localToday();
  const year = today.slice(0, 4);
  const last = previousMonth(today);
  const before = previousMonth(`${last}-01`);
  return withDatabase(async (client) => {
    const one = async (sql: string, values: unknown[]) => (await client.query(sql, values)).rows[0] as Record<string, string>;
    const customer = (
      await one(`insert into customers (name, email, contact_name) values ($1, $2, 'Dana Kowalski') returning id`, [
        `Brookfield Square Partners ${tag}`,
        `ap-${tag}@brookfieldsquare.example`,
      ])
    ).id!;
    const email = `dana-${tag}@brookfieldsquare.example`;
    await client.query(
      `insert into users (email, first_name, last_name, role, customer_id) values ($1, 'Dana', 'Kowalski', 'customer', $2)`,
      [email, customer],
    );
    const property = async (name: string, address: string, po: string | null) =>
      (
        await one(
          `insert into properties (customer_id, name, address, city, state, zip_code, property_type, po_number, tax_jurisdiction)
           values ($1, $2, $3, 'Brookfield', 'WI', '53045', 'Retail Center', $4, 'waukesha-county') returning id`,
          [customer, name, address, po],
        )
      ).id!;
    const plaza = { id: await property('Bluemound Plaza', '17800 W Bluemound Rd', 'PO-7731'), name: 'Bluemound Plaza' };
    const commons = await property('Capitol Drive Commons', '3200 N 124th St', null);
    const visit = async (propertyId: string, date: string, verified: boolean) =>
      (
        await one(
          `insert into visits (property_id, scheduled_date, status, checked_in_at, checked_out_at, check_in_location_status)
           values ($1, $2, 'completed', $3, $4, $5) returning id`,
          [propertyId, date, `${date}T13:00:00Z`, `${date}T14:10:00Z`, verified ? 'verified' : 'away'],
        )
      ).id!;
    const invoice = async (month: string, status: 'sent' | 'draft', issuedOn: string | null, dueOn: string | null) => {
      const period = monthBounds(month);
      const number = status === 'sent' ? `${year}-${randomInt(50_000, 99_999)}` : null;
      const id = (
        await one(
          `insert into invoices (customer_id, period_start, period_end, status, number, payment_terms, issued_on, due_on, sent_at)
           values ($1, $2, $3, $4, $5, 'net_30', $6, $7, $8) returning id`,
          [customer, period.start, period.end, status, number, issuedOn, dueOn, issuedOn ? `${issuedOn}T15:00:00Z` : null],
        )
      ).id!;
      return { id, number: number ?? '' };
    };
    const line = async (
      invoiceId: string,
      propertyId: string,
      values: { kind: string; description: string; date: string; visitId?: string; verified?: boolean; cents: number; taxBp?: number },
    ) => {
      const tax = Math.round((values.cents * (values.taxBp ?? 0)) / 10_000);
      await client.query(
        `insert into invoice_lines (invoice_id, property_id, kind, description, service_date, visit_id, unit_price_cents, amount_cents,
           tax_class, tax_rate_bp, tax_cents, verified)
         values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11)`,
        [
          invoiceId,
          propertyId,
          values.kind,
          values.description,
          values.date,
          values.visitId ?? null,
          values.cents,
          values.taxBp ? 'taxable' : 'exempt',
          values.taxBp ?? 0,
          tax,
          values.verified ?? false,
        ],
      );
      return values.cents + tax;
    };
    const totals = async (invoiceId: string) =>
      Number(
        (
          await one(
            `update invoices set subtotal_cents = s.amount, tax_cents = s.tax, total_cents = s.amount + s.tax
             from (select coalesce(sum(amount_cents), 0)::int as amount, coalesce(sum(tax_cents), 0)::int as tax from invoice_lines where invoice_id = $1) s
             where id = $1 returning total_cents`,
            [invoiceId],
          )
        ).total_cents,
      );

    // Last month: three sweeps at the plaza (one check-in not confirmed on site), two at the commons, and its day porter.
    const open = await invoice(last, 'sent', addDays(today, -3), addDays(today, 27));
    const days = [6, 13, 20].map((day) => `${last}-${String(day).padStart(2, '0')}`);
    const plazaVisits = [];
    for (const [index, date] of days.entries()) {
      const verified = index !== 1;
      const visitId = await visit(plaza.id, date, verified);
      plazaVisits.push({ id: visitId, date });
      await line(open.id, plaza.id, { kind: 'visit', description: 'Parking Lot Sweeping', date, visitId, verified, cents: 9500 });
    }
    for (const date of days.slice(0, 2)) {
      const visitId = await visit(commons, date, true);
      await line(open.id, commons, { kind: 'visit', description: 'Litter Pickup', date, visitId, verified: true, cents: 6500 });
    }
    await line(open.id, commons, { kind: 'month', description: 'Day Porter Service', date: `${last}-01`, cents: 64_000, taxBp: 510 });
    const openTotal = await totals(open.id);

    // The demo company's before and after photos of one visit, shown again on the plaza's first sweep.
    await client.query(
      `insert into photos (property_id, visit_id, storage_key, content_hash, caption, photo_type, width, height, variant_widths, taken_at, upload_date)
       select $1, $2, storage_key, content_hash, caption, photo_type, width, height, variant_widths, $3, $3
       from photos where id in (
         (select id from photos where photo_type = 'before' and visit_id is not null order by upload_date desc limit 1),
         (select id from photos where photo_type = 'after' and visit_id is not null order by upload_date desc limit 1))`,
      [plaza.id, plazaVisits[0]!.id, `${plazaVisits[0]!.date}T13:05:00Z`],
    );

    // The month before: paid in full by check.
    const paid = await invoice(before, 'sent', addDays(today, -35), addDays(today, -5));
    const beforeDate = `${before}-10`;
    const paidVisit = await visit(plaza.id, beforeDate, true);
    await line(paid.id, plaza.id, {
      kind: 'visit',
      description: 'Parking Lot Sweeping',
      date: beforeDate,
      visitId: paidVisit,
      verified: true,
      cents: 9500,
    });
    const paidTotal = await totals(paid.id);
    const payment = (
      await one(
        `insert into payments (customer_id, method, reference, received_on, amount_cents) values ($1, 'check', '4417', $2, $3) returning id`,
        [customer, addDays(today, -10), paidTotal],
      )
    ).id!;
    await client.query(`insert into payment_allocations (payment_id, invoice_id, amount_cents) values ($1, $2, $3)`, [
      payment,
      paid.id,
      paidTotal,
    ]);

    // This month so far: a draft the office has not sent.
    const draft = await invoice(today.slice(0, 7), 'draft', null, null);
    await line(draft.id, plaza.id, { kind: 'visit', description: 'Parking Lot Sweeping', date: today, cents: 9500 });
    await totals(draft.id);

    return {
      email,
      open: {
        ...open,
        totalCents: openTotal,
        dueOn: addDays(today, 27),
        period: invoicePeriodText({ periodStart: monthBounds(last).start, periodEnd: monthBounds(last).end }),
      },
      paid,
      draftId: draft.id,
      plaza,
      visit: plazaVisits[0]!,
    };
  });
}

/** The PDF's text, as poppler's pdftotext reads it, with runs of spaces made one. */
const pdfText = (file: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');

const invoiceItem = (page: Page, number: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Invoice ${number}` }) });

test('a customer on a 375 px phone opens Invoices, opens last month’s invoice and follows a line to its visit’s photos', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  const seeded = await customerWithInvoices();
  await signIn(page, seeded.email, '/customer-dashboard');

  // From the dashboard's header to the invoices.
  await page.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page).toHaveURL('/customer-dashboard/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invoices', exact: true })).toHaveAttribute('aria-current', 'page');

  // Each sent invoice with its number, period, total, amount due, due date and status; the draft is not there.
  const list = page.getByRole('list', { name: 'Your invoices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const open = invoiceItem(page, seeded.open.number);
  await expect(open).toContainText(seeded.open.period);
  await expect(open).toContainText(`Total${formatCents(seeded.open.totalCents)}`);
  await expect(open).toContainText(`Amount due${formatCents(seeded.open.totalCents)}`);
  await expect(open).toContainText(`Due date${mediumDateText(seeded.open.dueOn)}`);
  await expect(open.getByText('Open', { exact: true })).toBeVisible();
  const paid = invoiceItem(page, seeded.paid.number);
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid).toContainText('Amount due$0.00');
  await expect(page.getByRole('main').getByRole('status')).toContainText(`${formatCents(seeded.open.totalCents)} due on one invoice`);
  // Nothing of the list runs off the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessibleInBothThemes(page, 'the invoices');
  await screenshotsInBothThemes(page, SHOTS, 'invoices-375');

  // The PDF, from the list: the same invoice and total.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    open.getByRole('link', { name: `Download Invoice ${seeded.open.number} as a PDF` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Invoice-${seeded.open.number}-Brookfield-Square-Partners-[0-9a-f]{6}\\.pdf$`));
  const text = pdfText((await download.path())!);
  expect(text).toContain(`Invoice ${seeded.open.number}`);
  expect(text).toContain(`Invoice total ${formatCents(seeded.open.totalCents)}`);

  // The statement of account: this company's open invoices, none of another's.
  const [statement] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download statement of account' }).click(),
  ]);
  expect(statement.suggestedFilename()).toMatch(/^Statement-\d{4}-\d\d-\d\d-Brookfield-Square-Partners-[0-9a-f]{6}\.pdf$/);
  const statementText = pdfText((await statement.path())!);
  expect(statementText).toContain('Statement of account');
  expect(statementText).toContain(seeded.open.number);

  // The invoice, by property, with each visit and "Verified on site".
  await open.getByRole('link', { name: `Invoice ${seeded.open.number}`, exact: true }).click();
  await expect(page).toHaveURL(`/customer-dashboard/invoices/${seeded.open.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${seeded.open.number}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Invoice ${seeded.open.number} \\|`));
  const plaza = page.getByRole('region', { name: seeded.plaza.name });
  await expect(plaza).toContainText('PO number: PO-7731');
  await expect(plaza.getByRole('row')).toHaveCount(4);
  await expect(plaza.getByText('Verified on site')).toHaveCount(2);
  await expect(plaza).toContainText(`Total for ${seeded.plaza.name}$285.00`);
  const commons = page.getByRole('region', { name: 'Capitol Drive Commons' });
  await expect(commons).toContainText('No PO number');
  await expect(commons).toContainText('Day Porter Service');
  await expect(page.getByRole('region', { name: 'Invoice total' })).toContainText(`Invoice total${formatCents(seeded.open.totalCents)}`);
  await expect(page.getByText('Amount due', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/portal/invoices/${seeded.open.id}/pdf`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessibleInBothThemes(page, 'an invoice');
  await screenshotsInBothThemes(page, SHOTS, 'invoice-375');

  // A line leads to its visit's record: the crew's photos and checklist.
  await plaza.getByRole('link', { name: `Photos and checklist of the visit on ${mediumDateText(seeded.visit.date)}` }).click();
  await expect(page).toHaveURL(`/customer-dashboard/properties/${seeded.plaza.id}/visits/${seeded.visit.id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `${seeded.plaza.name}: visit of ${fullDateText(seeded.visit.date)}` }),
  ).toBeVisible();
  const record = page.getByRole('article');
  await expect(record).toContainText('Verified on site');
  await expect(record.getByRole('img', { name: /^Before photo/ })).toBeVisible();
  await expect(record.getByRole('img', { name: /^After photo/ })).toBeVisible();
  await expect
    .poll(() => record.getByRole('img', { name: /^Before photo/ }).evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await screenshotsInBothThemes(page, SHOTS, 'visit-from-invoice-375');

  // Back, and a draft or another company's invoice is "not found".
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${seeded.open.number}` })).toBeVisible();
  await page.goto(`/customer-dashboard/invoices/${seeded.draftId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this invoice' })).toBeVisible();
});

test('the invoices and an invoice at 1440 px: axe in both themes, and screenshots', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(wide);
  const seeded = await customerWithInvoices();
  await signIn(page, seeded.email, '/customer-dashboard/invoices');
  await expect(page.getByRole('list', { name: 'Your invoices' }).getByRole('listitem')).toHaveCount(2);
  await expectAccessibleInBothThemes(page, 'the invoices');
  await screenshotsInBothThemes(page, SHOTS, 'invoices-1440');
  await invoiceItem(page, seeded.open.number).getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${seeded.open.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: seeded.plaza.name })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'an invoice');
  await screenshotsInBothThemes(page, SHOTS, 'invoice-1440');
  await page.goto(`/customer-dashboard/invoices/${seeded.paid.id}`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Paid in full. Thank you!');
  await screenshotsInBothThemes(page, SHOTS, 'invoice-paid-1440');
});
