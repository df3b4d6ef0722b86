import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invoiceTotals, lineAmount, lineTax } from '../../../shared/invoice-math';
import { openDatabase } from '../../db/database';
import type { Executor } from '../../db/executor';
import { billingRuns, billingSettings, invoiceLines, invoices, priceBookServices, serviceRequests, visits } from '../../db/schema';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';
import { addVisit, billingCustomer } from '#test/billing';
import { approveInvoice, NOTHING_TO_BILL } from './invoice-approval';
import { prepareInvoices } from './billing-run';
import { nextDocumentNumber } from './document-numbers';
import { runMonthlyBilling } from './monthly-billing';

/** October 2026: Mondays the 5th, 12th, 19th and 26th; Thursdays the 1st, 8th, 15th, 22nd and 29th. */
const OCTOBER = { start: '2026-10-01', end: '2026-10-31' };
const NOVEMBER = { start: '2026-11-01', end: '2026-11-30' };

describe.each(testDatabases)('the billing run on %s', (kind) => {
  const t = testDatabaseFor(kind);
  const db = () => t.database.db;
  // Emptying the users empties the settings too (they name who changed them): each test starts from the migration's.
  beforeEach(async () => {
    const service = (name: string) =>
      sql`(select ${priceBookServices.id} from ${priceBookServices} where lower(${priceBookServices.name}) = ${name})`;
    const values = {
      creditCompanySkips: true,
      extraCleanupServiceId: service('parking lot cleaning'),
      calloutServiceId: service('emergency callout'),
    };
    await db()
      .insert(billingSettings)
      .values({ id: true, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: values });
  });
  afterEach(() => emptyTables(t.database));

  const invoicesOf = (customerId: string) =>
    db().select().from(invoices).where(eq(invoices.customerId, customerId)).orderBy(asc(invoices.periodStart), asc(invoices.propertyId));
  const linesOf = (invoiceId: string) =>
    db()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId))
      .orderBy(asc(invoiceLines.serviceDate), asc(invoiceLines.kind), asc(invoiceLines.description));

  /** The invoice's stored totals are its lines' sums, to the cent. */
  async function expectTotalsOfLines(invoiceId: string) {
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    const lines = await db()
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, invoiceId), isNull(invoiceLines.removedAt)));
    for (const line of lines) {
      expect(line.amountCents).toBe(lineAmount(line.unitPriceCents, line.quantityMilli));
      expect(line.taxCents).toBe(lineTax(line.amountCents - line.discountCents, line.taxClass, line.taxRateBp));
    }
    expect(invoice).toMatchObject(invoiceTotals(lines));
  }

  it('bills each completed visit at its per-visit price, with the term discount and "verified on site", once however often it runs', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      discountBp: 1000,
      sites: 2,
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' }],
    });
    const east = customer.lines.get('Parking Lot Cleaning@0')!;
    const west = customer.lines.get('Parking Lot Cleaning@1')!;
    await addVisit(db(), east, '2026-10-01');
    await addVisit(db(), east, '2026-10-05', { status: 'completed', verified: false });
    await addVisit(db(), east, '2026-10-08', { status: 'missed' });
    await addVisit(db(), west, '2026-10-29');
    await addVisit(db(), west, '2026-11-02');

    expect(await prepareInvoices(db(), OCTOBER)).toEqual({ created: 1, updated: 0, alreadySent: 0 });
    const [invoice] = await invoicesOf(customer.customerId);
    expect(invoice).toMatchObject({
      status: 'draft',
      number: null,
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      paymentTerms: 'net_30',
    });
    const lines = await linesOf(invoice!.id);
    expect(lines.map((line) => [line.serviceDate, line.kind, line.amountCents, line.discountCents, line.taxCents, line.verified])).toEqual([
      ['2026-10-01', 'visit', 8500, 850, 0, true],
      ['2026-10-05', 'visit', 8500, 850, 0, false],
      ['2026-10-29', 'visit', 8500, 850, 0, true],
    ]);
    expect(lines.map((line) => line.propertyId)).toEqual([east.propertyId, east.propertyId, west.propertyId]);
    expect(invoice).toMatchObject({ subtotalCents: 25500, discountCents: 2550, taxCents: 0, totalCents: 22950 });
    await expectTotalsOfLines(invoice!.id);

    // Again: nothing new, nothing twice.
    expect(await prepareInvoices(db(), OCTOBER)).toEqual({ created: 0, updated: 0, alreadySent: 0 });
    expect(await linesOf(invoice!.id)).toHaveLength(3);
  });

  it('bills a monthly price with a credit for each missed visit and each company skip, and none for a skip the customer asked for', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      lines: [
        { name: 'Trash Receptacle Maintenance', unit: 'month', unitPriceCents: 74000, rrule: 'FREQ=WEEKLY;BYDAY=MO', taxClass: 'taxable' },
      ],
    });
    const site = customer.lines.get('Trash Receptacle Maintenance@0')!;
    await addVisit(db(), site, '2026-10-05');
    await addVisit(db(), site, '2026-10-12', { status: 'missed' });
    await addVisit(db(), site, '2026-10-19', { status: 'skipped', reason: 'weather' });
    await addVisit(db(), site, '2026-10-26', { status: 'skipped', reason: 'customer_request' });
    await prepareInvoices(db(), OCTOBER);
    const [invoice] = await invoicesOf(customer.customerId);
    const lines = await linesOf(invoice!.id);
    // 4 Mondays planned: a visit's share of $740 is $185; tax at the City of Milwaukee's 7.9%.
    expect(lines.map((line) => [line.kind, line.description, line.amountCents, line.taxCents])).toEqual([
      ['month', 'Trash Receptacle Maintenance, October 2026', 74000, 5846],
      ['credit', 'Credit: Trash Receptacle Maintenance on Oct 12, missed', -18500, -1462],
      ['credit', 'Credit: Trash Receptacle Maintenance on Oct 19, skipped for the weather', -18500, -1462],
    ]);
    await expectTotalsOfLines(invoice!.id);

    // With company skips not credited (a setting), the weather skip's credit goes at the next run of the draft.
    await db().update(billingSettings).set({ creditCompanySkips: false });
    expect(await prepareInvoices(db(), OCTOBER)).toMatchObject({ updated: 1 });
    expect((await linesOf(invoice!.id)).filter((line) => line.kind === 'credit').map((line) => line.description)).toEqual([
      'Credit: Trash Receptacle Maintenance on Oct 12, missed',
    ]);
    await expectTotalsOfLines(invoice!.id);
  });

  it('bills each service a shared visit does (services on the same days share a plan), once each however often it runs', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      lines: [
        { name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' },
        { name: 'Trash Receptacle Maintenance', unit: 'visit', unitPriceCents: 2500, rrule: 'FREQ=WEEKLY;BYDAY=MO' },
        { name: 'Landscaped Area Cleanup', unit: 'month', unitPriceCents: 40000, rrule: 'FREQ=WEEKLY;BYDAY=MO', taxClass: 'taxable' },
      ],
    });
    const site = customer.lines.get('Parking Lot Cleaning@0')!;
    expect(customer.lines.get('Trash Receptacle Maintenance@0')!.planId).toBe(site.planId);
    expect(customer.lines.get('Landscaped Area Cleanup@0')!.planId).toBe(site.planId);
    await addVisit(db(), site, '2026-10-05');
    await addVisit(db(), site, '2026-10-12', { status: 'missed' });
    await addVisit(db(), site, '2026-10-19');
    await prepareInvoices(db(), OCTOBER);
    const [invoice] = await invoicesOf(customer.customerId);
    // One visit on the 5th and the 19th, each billed for both of its services; the month's price with a credit for the 12th.
    expect((await linesOf(invoice!.id)).map((line) => [line.serviceDate, line.kind, line.description, line.amountCents])).toEqual([
      ['2026-10-01', 'month', 'Landscaped Area Cleanup, October 2026', 40000],
      ['2026-10-05', 'visit', 'Parking Lot Cleaning', 8500],
      ['2026-10-05', 'visit', 'Trash Receptacle Maintenance', 2500],
      ['2026-10-12', 'credit', 'Credit: Landscaped Area Cleanup on Oct 12, missed', -10000],
      ['2026-10-19', 'visit', 'Parking Lot Cleaning', 8500],
      ['2026-10-19', 'visit', 'Trash Receptacle Maintenance', 2500],
    ]);
    await expectTotalsOfLines(invoice!.id);
    expect(await prepareInvoices(db(), OCTOBER)).toEqual({ created: 0, updated: 0, alreadySent: 0 });
    expect(await linesOf(invoice!.id)).toHaveLength(6);

    // Sent, the visits are billed: November's run bills none of them again.
    await approveInvoice(db(), invoice!.id, null, '2026-11-02');
    await addVisit(db(), site, '2026-11-02');
    await prepareInvoices(db(), NOVEMBER);
    const [, november] = await invoicesOf(customer.customerId);
    expect(
      (await linesOf(november!.id)).filter((line) => line.kind === 'visit').map((line) => [line.serviceDate, line.description]),
    ).toEqual([
      ['2026-11-02', 'Parking Lot Cleaning'],
      ['2026-11-02', 'Trash Receptacle Maintenance'],
    ]);
  });

  it('bills a month begun part way for its share of the planned visits, and one-time work once', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-10-15',
      lines: [
        { name: 'Trash Receptacle Maintenance', unit: 'month', unitPriceCents: 74000, rrule: 'FREQ=WEEKLY;BYDAY=MO' },
        { name: 'Initial Cleanup', unit: 'once', unitPriceCents: 35000 },
      ],
    });
    await prepareInvoices(db(), OCTOBER);
    await prepareInvoices(db(), NOVEMBER);
    const [october, november] = await invoicesOf(customer.customerId);
    expect((await linesOf(october!.id)).map((line) => [line.kind, line.description, line.amountCents])).toEqual([
      ['month', 'Trash Receptacle Maintenance, October 2026 (2 of 4 visits)', 37000],
      ['one_time', 'Initial Cleanup', 35000],
    ]);
    expect((await linesOf(november!.id)).map((line) => [line.kind, line.description, line.amountCents])).toEqual([
      ['month', 'Trash Receptacle Maintenance, November 2026', 74000],
    ]);
  });

  it('bills a customer’s extra cleanup per visit and a problem’s callout by the hour, rounded up to the quarter hour', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    const propertyId = customer.propertyIds[0]!;
    const extra = await addVisit(db(), { propertyId, planId: null }, '2026-10-09');
    const callout = await addVisit(db(), { propertyId, planId: null }, '2026-10-17', { status: 'completed', hours: 70 / 60 });
    // A one-off visit no one asked for (the office's own) is not billed by the run.
    await addVisit(db(), { propertyId, planId: null }, '2026-10-20');
    for (const [visitId, requestKind] of [
      [extra, 'extra_cleanup'],
      [callout, 'problem_report'],
    ] as const)
      await db()
        .insert(serviceRequests)
        .values({ kind: requestKind, status: 'done', customerId: customer.customerId, propertyId, visitId });
    const [cleaning] = await db()
      .select()
      .from(priceBookServices)
      .where(sql`lower(${priceBookServices.name}) = 'parking lot cleaning'`);
    await prepareInvoices(db(), OCTOBER);
    const [invoice] = await invoicesOf(customer.customerId);
    expect((await linesOf(invoice!.id)).map((line) => [line.kind, line.description, line.quantityMilli, line.amountCents])).toEqual([
      ['visit', 'Parking Lot Cleaning (extra visit you asked for)', 1000, cleaning!.priceCents],
      ['hours', 'Emergency Callout, 1.25 hours on site', 1250, 11875],
    ]);
  });

  it('puts a visit not billed before its month’s invoice was sent on the next invoice, and never bills it twice', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    const site = customer.lines.get('Parking Lot Cleaning@0')!;
    await addVisit(db(), site, '2026-10-05');
    const late = await addVisit(db(), site, '2026-10-26', { status: 'scheduled' });
    await prepareInvoices(db(), OCTOBER);
    const [october] = await invoicesOf(customer.customerId);
    await approveInvoice(db(), october!.id, null, '2026-11-01');
    // The crew's record of the 26th is corrected to done after October's invoice went out.
    await db().update(visits).set({ status: 'completed', checkedInAt: new Date(), checkedOutAt: new Date() }).where(eq(visits.id, late));
    expect(await prepareInvoices(db(), OCTOBER)).toEqual({ created: 0, updated: 0, alreadySent: 1 });
    await addVisit(db(), site, '2026-11-02');
    await prepareInvoices(db(), NOVEMBER);
    const [, november] = await invoicesOf(customer.customerId);
    expect((await linesOf(november!.id)).map((line) => line.serviceDate)).toEqual(['2026-10-26', '2026-11-02']);
    expect(await linesOf(october!.id)).toHaveLength(1);
  });

  it('keeps a line staff removed off the draft, and out of its totals', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    const site = customer.lines.get('Parking Lot Cleaning@0')!;
    await addVisit(db(), site, '2026-10-05');
    await addVisit(db(), site, '2026-10-12');
    await prepareInvoices(db(), OCTOBER);
    const [invoice] = await invoicesOf(customer.customerId);
    const [first] = await linesOf(invoice!.id);
    await db()
      .update(invoiceLines)
      .set({ removedAt: new Date(), removalReason: 'Rained out after ten minutes' })
      .where(eq(invoiceLines.id, first!.id));
    await prepareInvoices(db(), OCTOBER);
    const lines = await linesOf(invoice!.id);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.removalReason).toBe('Rained out after ten minutes');
    const [after] = await invoicesOf(customer.customerId);
    expect(after!.totalCents).toBe(8500);
  });

  it('makes one invoice per property for a customer who asks for it', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      sites: 3,
      invoicePerProperty: true,
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    for (const site of [0, 1, 2]) await addVisit(db(), customer.lines.get(`Parking Lot Cleaning@${site}`)!, '2026-10-05');
    expect(await prepareInvoices(db(), OCTOBER)).toMatchObject({ created: 3 });
    const made = await invoicesOf(customer.customerId);
    expect(made.map((invoice) => invoice.propertyId).sort()).toEqual([...customer.propertyIds].sort());
  });

  it('numbers invoices at approval, gapless in the year, and the same invoice once however often it is approved', async () => {
    const customers = [];
    for (let n = 0; n < 3; n++) {
      const customer = await billingCustomer(db(), {
        startDate: '2026-09-01',
        paymentTerms: n === 0 ? 'due_on_receipt' : 'net_15',
        lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
      });
      await addVisit(db(), customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-05');
      customers.push(customer);
    }
    await prepareInvoices(db(), OCTOBER);
    const drafts = (await Promise.all(customers.map((customer) => invoicesOf(customer.customerId)))).map(([invoice]) => invoice!);
    const first = await approveInvoice(db(), drafts[0]!.id, null, '2026-11-01');
    expect(first).toMatchObject({ status: 'sent', number: '2026-00001', issuedOn: '2026-11-01', dueOn: '2026-11-01' });
    expect((await approveInvoice(db(), drafts[0]!.id, null, '2026-11-02')).number).toBe('2026-00001');
    // A rolled-back approval gives its number back.
    await expect(
      db().transaction(async (tx) => {
        await approveInvoice(tx as unknown as Executor, drafts[1]!.id, null, '2026-11-01');
        throw new Error('the process dies before the commit');
      }),
    ).rejects.toThrow('the process dies');
    const second = await approveInvoice(db(), drafts[1]!.id, null, '2026-11-01');
    expect(second).toMatchObject({ number: '2026-00002', dueOn: '2026-11-16' });
    expect((await approveInvoice(db(), drafts[2]!.id, null, '2027-01-04')).number).toBe('2027-00001');
  });

  it('refuses to send an invoice with no lines to bill', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    await addVisit(db(), customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-05');
    await prepareInvoices(db(), OCTOBER);
    const [invoice] = await invoicesOf(customer.customerId);
    await db()
      .update(invoiceLines)
      .set({ removedAt: new Date(), removalReason: 'Billed by hand' })
      .where(eq(invoiceLines.invoiceId, invoice!.id));
    await expect(approveInvoice(db(), invoice!.id, null, '2026-11-01')).rejects.toThrow(NOTHING_TO_BILL);
    expect((await invoicesOf(customer.customerId))[0]).toMatchObject({ status: 'draft', number: null });
  });

  it.runIf(kind === 'postgres')(
    'makes each invoice once and numbers them without a gap when two instances run and approve at once',
    async () => {
      const second = await openDatabase({ databaseUrl: t.database.url! });
      try {
        const made = [];
        for (let n = 0; n < 12; n++) {
          const customer = await billingCustomer(db(), {
            startDate: '2026-09-01',
            sites: 2,
            lines: [
              { name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' },
              { name: 'Trash Receptacle Maintenance', unit: 'month', unitPriceCents: 74000, rrule: 'FREQ=WEEKLY;BYDAY=TH' },
            ],
          });
          for (const site of [0, 1]) {
            await addVisit(db(), customer.lines.get(`Parking Lot Cleaning@${site}`)!, '2026-10-05');
            await addVisit(db(), customer.lines.get(`Trash Receptacle Maintenance@${site}`)!, '2026-10-08', { status: 'missed' });
          }
          made.push(customer);
        }
        await Promise.all([prepareInvoices(db(), OCTOBER), prepareInvoices(second.db, OCTOBER), prepareInvoices(db(), OCTOBER)]);
        const all = await db().select().from(invoices);
        expect(all).toHaveLength(12);
        for (const invoice of all) {
          expect(await linesOf(invoice.id)).toHaveLength(6);
          await expectTotalsOfLines(invoice.id);
        }
        // Approved from both instances at once, each invoice twice: twelve numbers, 1 to 12.
        await Promise.all(
          all.flatMap((invoice, n) => [
            approveInvoice(n % 2 ? db() : second.db, invoice.id, null, '2026-11-01'),
            approveInvoice(n % 2 ? second.db : db(), invoice.id, null, '2026-11-01'),
          ]),
        );
        const numbers = (await db().select({ number: invoices.number }).from(invoices)).map((row) => row.number!).sort();
        expect(numbers).toEqual(Array.from({ length: 12 }, (_, n) => `2026-${String(n + 1).padStart(5, '0')}`));
        expect(await nextDocumentNumber(db(), 'invoice', 2026)).toBe('2026-00013');
      } finally {
        await second.close();
      }
    },
  );

  it('runs by itself on the 1st for the month before, once, and catches up within the week', async () => {
    const customer = await billingCustomer(db(), {
      startDate: '2026-09-01',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    await addVisit(db(), customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-05');
    expect(await runMonthlyBilling(db(), '2026-10-31')).toBeNull();
    expect(await runMonthlyBilling(db(), '2026-11-01')).toEqual({ created: 1, updated: 0, alreadySent: 0 });
    expect(await runMonthlyBilling(db(), '2026-11-01')).toBeNull();
    expect(await invoicesOf(customer.customerId)).toHaveLength(1);
    // December's run, missed on the 1st, happens on the 3rd; after the 7th it is left to the office.
    expect(await runMonthlyBilling(db(), '2026-12-08')).toBeNull();
    expect(await runMonthlyBilling(db(), '2026-12-03')).toEqual({ created: 0, updated: 0, alreadySent: 0 });
    expect(await db().select().from(billingRuns).orderBy(asc(billingRuns.periodStart))).toMatchObject([
      { periodStart: '2026-10-01', created: 1 },
      { periodStart: '2026-11-01', created: 0 },
    ]);
  });
});
