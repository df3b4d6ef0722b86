import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceSummary } from '../../../shared/api/invoices';
import { localToday } from '../../../shared/local-dates';
import { auditEvents, invoices, properties } from '../../db/schema';
import { approveInvoice } from '../../modules/billing';
import { testAppFor } from '#test/app';
import { addVisit, billingCustomer } from '#test/billing';
import { testDatabases } from '#test/database';
import { signInAs } from '#test/sign-in';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('invoices in the console on %s', (kind) => {
  const t = testAppFor(kind);
  const call = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = t.as('staff')) =>
    t.app.inject({
      method,
      url,
      headers: { ...(body === undefined ? {} : json), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  async function octoberCustomer() {
    const customer = await billingCustomer(t.app.db, {
      name: 'Harbor Retail Group',
      startDate: '2026-09-01',
      sites: 2,
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    await t.app.db.update(properties).set({ poNumber: 'PO-4471' }).where(eq(properties.id, customer.propertyIds[0]!));
    await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-05');
    await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@1')!, '2026-10-12', { status: 'completed', verified: false });
    return customer;
  }

  it('prepares a month’s invoices on demand, and refuses a month still to come', async () => {
    const customer = await octoberCustomer();
    const future = await call('POST', '/api/admin/billing-runs', { month: '2099-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ errors: { month: 'Choose this month (billed to date) or an earlier one' } });
    expect((await call('POST', '/api/admin/billing-runs', { month: 'October' })).statusCode).toBe(400);

    const run = await call('POST', '/api/admin/billing-runs', { month: '2026-10' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ periodStart: '2026-10-01', periodEnd: '2026-10-31', created: 1, updated: 0, alreadySent: 0 });
    const runs = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'POST /api/admin/billing-runs'));
    expect(runs.map((event) => event.summary)).toContain('month=2026-10');

    const list = (await call('GET', '/api/admin/invoices?status=draft')).json<InvoiceSummary[]>();
    expect(list).toEqual([
      expect.objectContaining({
        customerId: customer.customerId,
        customerName: 'Harbor Retail Group',
        status: 'draft',
        number: null,
        totalCents: 17000,
        lineCount: 2,
      }),
    ]);
    const invoice = (await call('GET', `/api/admin/invoices/${list[0]!.id}`)).json<Invoice>();
    expect(invoice.sections.map((section) => [section.propertyName, section.poNumber, section.totalCents])).toEqual([
      ['Site 1', 'PO-4471', 8500],
      ['Site 2', null, 8500],
    ]);
    expect(invoice.sections[1]!.lines[0]).toMatchObject({ kind: 'visit', serviceDate: '2026-10-12', verified: false, amountCents: 8500 });
  });

  it('adds and removes lines on a draft with a reason the audit log keeps, and never changes a sent invoice', async () => {
    const customer = await octoberCustomer();
    await call('POST', '/api/admin/billing-runs', { month: '2026-10' });
    const [draft] = await t.app.db.select().from(invoices).where(eq(invoices.customerId, customer.customerId));
    const added = await call('POST', `/api/admin/invoices/${draft!.id}/lines`, {
      propertyId: customer.propertyIds[0],
      description: 'Pressure-washing the main entrance',
      amountCents: 12000,
      taxClass: 'taxable',
      reason: 'Asked for by the manager, Oct 20',
    });
    expect(added.statusCode, added.body).toBe(201);
    const withLine = added.json<Invoice>();
    // Taxed at the City of Milwaukee's 7.9%: $9.48.
    expect(withLine).toMatchObject({ subtotalCents: 29000, taxCents: 948, totalCents: 29948 });
    expect(withLine.sections[0]!.lines.find((line) => line.kind === 'adjustment')).toMatchObject({
      note: 'Asked for by the manager, Oct 20',
      taxCents: 948,
    });

    const visitLine = withLine.sections[1]!.lines[0]!;
    const removed = await call('POST', `/api/admin/invoices/${draft!.id}/lines/${visitLine.id}/remove`, {
      reason: 'Rained out, after ten minutes',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Invoice>()).toMatchObject({ totalCents: 21448 });
    expect(removed.json<Invoice>().sections[1]!.lines[0]!.removal).toMatchObject({ reason: 'Rained out, after ten minutes' });
    const removals = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'POST /api/admin/invoices/:id/lines/:lineId/remove'));
    expect(removals.map((event) => event.summary)).toEqual(['reason=Rained out; after ten minutes']);

    // Bad input: a clear message, and nothing stored.
    const zero = await call('POST', `/api/admin/invoices/${draft!.id}/lines`, {
      propertyId: customer.propertyIds[0],
      description: 'Nothing',
      amountCents: 0,
      taxClass: 'exempt',
      reason: 'Test',
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ errors: { amountCents: 'Enter an amount other than $0.00' } });
    const elsewhere = await call('POST', `/api/admin/invoices/${draft!.id}/lines`, {
      propertyId: t.fixture.customerA.propertyId,
      description: 'Sweep',
      amountCents: 500,
      taxClass: 'exempt',
      reason: 'Test',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ errors: { propertyId: 'Choose one of the properties this invoice bills' } });
    expect((await call('GET', `/api/admin/invoices/${draft!.id}`)).json<Invoice>().totalCents).toBe(21448);

    await approveInvoice(t.app.db, draft!.id, null, localToday());
    const late = await call('POST', `/api/admin/invoices/${draft!.id}/lines/${withLine.sections[0]!.lines[0]!.id}/remove`, {
      reason: 'Too late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/never changed: void it, or issue a credit note/);
  });

  it('is for owners and office staff: crews and customers are refused', async () => {
    const crew = await signInAs(t.app, 'crew');
    for (const headers of [t.as('customerA'), { cookie: crew.cookie }]) {
      expect((await call('GET', '/api/admin/invoices', undefined, headers)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/billing-runs', { month: '2026-10' }, headers)).statusCode).toBe(403);
    }
  });
});
