import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../shared/api/audit';
import type { Invoice, InvoiceSummary } from '../../../shared/api/invoices';
import { addDays, localToday } from '../../../shared/local-dates';
import { formatCents } from '../../../shared/money';
import { auditEvents, invoices, paymentAllocations, payments } from '../../db/schema';
import { testAppFor, type TestAppContext } from '#test/app';
import { testDatabases } from '#test/database';
import { testInvoice } from '#test/invoices';
import { signInAs } from '#test/sign-in';

/** A PDF's text, as poppler's pdftotext lays it out, with runs of spaces made one. */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/[ \t]+/g, ' ');

/**
 * Customer A's invoices: July 2025, sent on Aug 1, 2025 and long overdue; last year's October, sent
 * today (open), with two verified visits, one not verified and a taxed monthly line; and a draft for
 * this year's January, which the customer never sees. Customer B has one sent invoice of its own.
 */
async function invoicesOfCustomerA(t: TestAppContext) {
  const a = t.fixture.customerA;
  const year = Number(localToday().slice(0, 4)) - 1;
  const july = await testInvoice(t.app.db, {
    customerId: a.id,
    propertyId: a.propertyId,
    month: '2025-07',
    today: '2025-08-01',
    lines: [{ kind: 'visit', date: '2025-07-14', priceCents: 8500 }],
  });
  const october = await testInvoice(t.app.db, {
    customerId: a.id,
    propertyId: a.propertyId,
    month: `${year}-10`,
    lines: [
      { kind: 'visit', date: `${year}-10-06`, priceCents: 8500 },
      { kind: 'visit', date: `${year}-10-13`, priceCents: 8500, verified: false },
      { kind: 'visit', date: `${year}-10-20`, priceCents: 8500 },
      { kind: 'month', description: 'Day Porter Service', priceCents: 64000, taxRateBp: 790 },
    ],
  });
  const draft = await testInvoice(t.app.db, {
    customerId: a.id,
    propertyId: a.propertyId,
    month: `${year + 1}-01`,
    draft: true,
    lines: [{ kind: 'visit', date: `${year + 1}-01-05`, priceCents: 8500 }],
  });
  const b = t.fixture.customerB;
  const theirs = await testInvoice(t.app.db, {
    customerId: b.id,
    propertyId: b.propertyId,
    month: `${year}-10`,
    lines: [{ kind: 'visit', date: `${year}-10-07`, priceCents: 9900 }],
  });
  return { july, october, draft, theirs, year };
}

describe.each(testDatabases)('invoices in the portal on %s', (kind) => {
  const t = testAppFor(kind);

  it('lists the customer’s own sent invoices, newest first, with period, total, amount due, due date and status; never a draft', async () => {
    const { july, october, theirs } = await invoicesOfCustomerA(t);
    const response = await t.app.inject({ url: '/api/portal/invoices', headers: t.as('customerA') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const list = response.json<InvoiceSummary[]>();
    expect(list.map((invoice) => invoice.id)).toEqual([october.id, july.id]);
    const [open, overdue] = list;
    expect(open).toMatchObject({
      number: october.number,
      status: 'open',
      totalCents: october.totalCents,
      amountDueCents: october.totalCents,
      issuedOn: localToday(),
      dueOn: addDays(localToday(), 30),
      lineCount: 4,
    });
    // 3 visits at $85.00 and the porter line with 7.9 % tax: $255.00 + $640.00 + $50.56.
    expect(october.totalCents).toBe(25_500 + 64_000 + 5_056);
    expect(overdue).toMatchObject({ number: july.number, status: 'overdue', dueOn: '2025-08-31', amountDueCents: 8500 });

    // A payment on July shows on the list as paid; voiding October shows it void, with nothing due.
    const [payment] = await t.app.db
      .insert(payments)
      .values({ customerId: t.fixture.customerA.id, method: 'check', reference: '10442', receivedOn: localToday(), amountCents: 8500 })
      .returning({ id: payments.id });
    await t.app.db.insert(paymentAllocations).values({ paymentId: payment!.id, invoiceId: july.id, amountCents: 8500 });
    await t.app.db.update(invoices).set({ status: 'void', voidReason: 'Billed twice' }).where(eq(invoices.id, october.id));
    const after = (await t.app.inject({ url: '/api/portal/invoices', headers: t.as('customerA') })).json<InvoiceSummary[]>();
    expect(after).toMatchObject([
      { id: october.id, status: 'void', amountDueCents: 0 },
      { id: july.id, status: 'paid', amountDueCents: 0 },
    ]);

    // Customer B sees theirs only.
    const b = (await t.app.inject({ url: '/api/portal/invoices', headers: t.as('customerB') })).json<InvoiceSummary[]>();
    expect(b.map((invoice) => invoice.id)).toEqual([theirs.id]);
  });

  it('shows one invoice by property: each visit line with its visit and “Verified on site”, and the totals', async () => {
    const { october } = await invoicesOfCustomerA(t);
    const response = await t.app.inject({ url: `/api/portal/invoices/${october.id}`, headers: t.as('customerA') });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = response.json<Invoice>();
    expect(invoice).toMatchObject({ id: october.id, number: october.number, totalCents: october.totalCents, status: 'open' });
    expect(invoice.sections).toHaveLength(1);
    const [section] = invoice.sections;
    expect(section!.propertyId).toBe(t.fixture.customerA.propertyId);
    expect(section!.totalCents).toBe(october.totalCents);
    const visits = section!.lines.filter((line) => line.kind === 'visit');
    expect(visits.map((line) => [line.visitId, line.verified])).toEqual([
      [october.visitIds[0], true],
      [october.visitIds[1], false],
      [october.visitIds[2], true],
    ]);
    // Each visit line leads to the visit's record, which the customer may open.
    const visit = await t.app.inject({ url: `/api/visits/${visits[0]!.visitId}`, headers: t.as('customerA') });
    expect(visit.statusCode).toBe(200);
  });

  it('answers "not found" for another company’s invoice, a draft and an unknown id; crews are refused; staff read any sent one', async () => {
    const { october, draft, theirs } = await invoicesOfCustomerA(t);
    for (const id of [theirs.id, draft.id, '00000000-0000-4000-8000-000000000000']) {
      for (const url of [`/api/portal/invoices/${id}`, `/api/portal/invoices/${id}/pdf`]) {
        const response = await t.app.inject({ url, headers: t.as('customerA') });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
    }
    const crew = await signInAs(t.app, 'crew');
    for (const url of ['/api/portal/invoices', `/api/portal/invoices/${october.id}`, `/api/portal/invoices/${october.id}/pdf`]) {
      expect((await t.app.inject({ url, headers: { cookie: crew.cookie } })).statusCode, url).toBe(403);
    }
    // The office reads any customer's sent invoice (as in the console); its own list here is empty: it has no company.
    expect((await t.app.inject({ url: `/api/portal/invoices/${october.id}`, headers: t.as('staff') })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/portal/invoices/${draft.id}`, headers: t.as('staff') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/portal/invoices', headers: t.as('staff') })).json()).toEqual([]);
    // Another company's user with no invoices sees an empty list.
    const stranger = await signInAs(t.app, 'customer');
    expect((await t.app.inject({ url: '/api/portal/invoices', headers: { cookie: stranger.cookie } })).json()).toEqual([]);
    expect((await t.app.inject({ url: `/api/portal/invoices/${october.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('sends the invoice’s PDF, whose total is the stored one, and records the download in the audit log', async () => {
    const { october, year } = await invoicesOfCustomerA(t);
    const response = await t.app.inject({ url: `/api/portal/invoices/${october.id}/pdf`, headers: t.as('customerA') });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Invoice-${october.number}-Customer-A-Properties.pdf"`);
    const text = pdfText(response.rawPayload);
    const [stored] = await t.app.db.select().from(invoices).where(eq(invoices.id, october.id));
    expect(text).toContain(`Invoice ${october.number}`);
    expect(text).toContain(`October ${year}`);
    expect(text).toMatch(new RegExp(`Invoice total ${formatCents(stored!.totalCents).replace('$', '\\$')}`));
    expect(text).toMatch(new RegExp(`Amount due ${formatCents(stored!.totalCents).replace('$', '\\$')}`));
    expect(text).toContain('Verified on site');

    const events = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'GET /api/portal/invoices/:id/pdf'));
    expect(events).toMatchObject([{ kind: 'export', targetType: 'invoices', targetId: october.id, outcome: 'ok' }]);
    const log = await t.app.inject({ url: '/api/admin/audit-events', headers: t.as('staff') });
    const words = log.json<{ events: AuditEvent[] }>().events.find((event) => event.action === 'GET /api/portal/invoices/:id/pdf');
    expect(words?.words.text).toMatch(
      new RegExp(`downloaded invoice ${october.number} of Customer A Properties as a PDF from the portal$`),
    );
  });
});
