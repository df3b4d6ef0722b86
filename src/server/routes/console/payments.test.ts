import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../../shared/api/invoices';
import type { CustomerAccount, Payment, Receivables } from '../../../shared/api/payments';
import { monthBounds } from '../../../shared/invoices';
import { auditEvents, billingSettings, customers, emailOutbox, invoices, lateFees, payments } from '../../db/schema';
import type { PaymentInput } from '../../../shared/api/payments';
import { openDatabase } from '../../db/database';
import { applyLateFees, approveInvoice, prepareInvoices, recordPayment, reminderDue, sendInvoiceReminders } from '../../modules/billing';
import { testAppFor } from '#test/app';
import { addVisit, billingCustomer } from '#test/billing';
import { testDatabases } from '#test/database';

const json = { 'content-type': 'application/json' };
const noMail = { appUrl: new URL('https://lots.example'), staffNotifyEmails: [], queued: () => {} };

describe.each(testDatabases)('payments and collections in the console on %s', (kind) => {
  const t = testAppFor(kind);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...(body === undefined ? {} : json), ...t.as('staff') },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /**
   * A customer with one sent invoice a month for each month given (a weekly $85 visit, taxed at the
   * City of Milwaukee's rate), each approved on the 1st of the next month with the customer's terms.
   */
  async function customerWithInvoices(months: string[], options: { terms?: 'net_30' | 'net_15' | 'due_on_receipt' | 'net_60' } = {}) {
    const customer = await billingCustomer(t.app.db, {
      startDate: '2026-01-01',
      paymentTerms: options.terms ?? 'net_30',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    const sent = [];
    for (const month of months) {
      await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, `${month}-05`);
      await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, `${month}-12`);
      await prepareInvoices(t.app.db, monthBounds(month));
      const [draft] = await t.app.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.customerId, customer.customerId), eq(invoices.periodStart, `${month}-01`)));
      const next = monthBounds(month).end;
      const issued = new Date(Date.parse(`${next}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      sent.push(await approveInvoice(t.app.db, draft!.id, null, issued));
    }
    const [row] = await t.app.db.select({ email: customers.email }).from(customers).where(eq(customers.id, customer.customerId));
    return { ...customer, invoices: sent, email: row!.email };
  }

  const payment = (customerId: string, amountCents: number, extra: Record<string, unknown> = {}) => ({
    customerId,
    method: 'check',
    reference: '10442',
    receivedOn: '2026-11-20',
    amountCents,
    idempotencyKey: randomUUID(),
    ...extra,
  });

  /** The billing settings changed for one test (the row goes with the tables emptied after it, and comes back with its defaults). */
  const settings = (values: Partial<typeof billingSettings.$inferInsert>) =>
    t.app.db
      .insert(billingSettings)
      .values({ id: true, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: values });

  const account = async (customerId: string) => (await call('GET', `/api/admin/customers/${customerId}/account`)).json<CustomerAccount>();

  it('records a check across invoices, oldest first, e-mails a receipt, and records a double press once', async () => {
    const customer = await customerWithInvoices(['2026-09', '2026-10']);
    const [september, october] = customer.invoices;
    const both = september!.totalCents + october!.totalCents;
    const body = payment(customer.customerId, september!.totalCents + 1000);

    const first = await call('POST', '/api/admin/payments', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      recorded: true,
      payment: {
        method: 'check',
        reference: '10442',
        amountCents: september!.totalCents + 1000,
        allocations: [
          { invoiceId: september!.id, number: september!.number, amountCents: september!.totalCents },
          { invoiceId: october!.id, number: october!.number, amountCents: 1000 },
        ],
        unappliedCents: 0,
      },
    });
    const again = await call('POST', '/api/admin/payments', body);
    expect(again.json()).toMatchObject({ recorded: false, payment: { id: first.json<{ payment: Payment }>().payment.id } });
    expect(await t.app.db.select().from(payments)).toHaveLength(1);

    const after = await account(customer.customerId);
    expect(after.owedCents).toBe(both - september!.totalCents - 1000);
    expect(after.openInvoices.map((invoice) => [invoice.number, invoice.amountDueCents])).toEqual([
      [october!.number, october!.totalCents - 1000],
    ]);
    const list = (await call('GET', `/api/admin/invoices?customerId=${customer.customerId}`)).json<InvoiceSummary[]>();
    expect(Object.fromEntries(list.map((invoice) => [invoice.number, invoice.status]))).toMatchObject({
      [september!.number!]: 'paid',
      [october!.number!]: expect.stringMatching(/partly_paid|overdue/),
    });

    const receipts = await t.app.db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Payment received%'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.toAddress).toBe(customer.email);
    expect(receipts[0]!.textBody).toContain(`Invoice ${september!.number}`);
    expect(receipts[0]!.textBody).toContain('Check no. 10442');
    const audit = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'POST /api/admin/payments'));
    expect(audit.map((event) => event.summary)).toEqual([
      expect.stringContaining('recorded=true'),
      expect.stringContaining('recorded=false'),
    ]);
  });

  it('keeps an overpayment as a credit on the account, and applies it to the next invoice', async () => {
    const customer = await customerWithInvoices(['2026-09']);
    const [september] = customer.invoices;
    const paid = await call(
      'POST',
      '/api/admin/payments',
      payment(customer.customerId, september!.totalCents + 5000, { method: 'ach', reference: null }),
    );
    expect(paid.json<{ payment: Payment }>().payment.unappliedCents).toBe(5000);
    expect(await account(customer.customerId)).toMatchObject({ owedCents: 0, creditCents: 5000, balanceCents: -5000 });

    await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-05');
    await prepareInvoices(t.app.db, monthBounds('2026-10'));
    const [october] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.customerId, customer.customerId), eq(invoices.periodStart, '2026-10-01')));
    await approveInvoice(t.app.db, october!.id, null, '2026-11-01');
    const applied = await call('POST', `/api/admin/customers/${customer.customerId}/apply-credit`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ creditCents: 0, owedCents: october!.totalCents - 5000 });
    expect(applied.json<CustomerAccount>().openInvoices[0]).toMatchObject({ id: october!.id, amountDueCents: october!.totalCents - 5000 });
  });

  it('refuses a payment it cannot record, names the field, and stores nothing', async () => {
    const customer = await customerWithInvoices(['2026-09']);
    const other = await customerWithInvoices(['2026-09']);
    const [september] = customer.invoices;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [payment(customer.customerId, 1000, { reference: '' }), 'reference', 'Enter the check’s number'],
      [payment(customer.customerId, 0), 'amountCents', 'Enter an amount from $0.01 to $1,000,000.00'],
      [payment(customer.customerId, 10.5), 'amountCents', 'Enter an amount from $0.01 to $1,000,000.00'],
      [payment(customer.customerId, 1000, { receivedOn: '' }), 'receivedOn', 'Choose the date the payment was received'],
      [payment(customer.customerId, 1000, { method: 'bitcoin' }), 'method', 'Choose how it was paid: check, ACH, card or cash'],
      [
        payment(customer.customerId, 1000, { allocations: [{ invoiceId: september!.id, amountCents: 2000 }] }),
        'allocations',
        'The amounts applied to invoices add up to more than the payment',
      ],
      [
        payment(customer.customerId, 1000, { allocations: [{ invoiceId: other.invoices[0]!.id, amountCents: 1000 }] }),
        'allocations.0.invoiceId',
        'This invoice is not one of the customer’s open invoices',
      ],
      [
        payment(customer.customerId, september!.totalCents + 1, {
          allocations: [{ invoiceId: september!.id, amountCents: september!.totalCents + 1 }],
        }),
        'allocations.0.amountCents',
        `Invoice ${september!.number} asks for`,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('POST', '/api/admin/payments', body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json<{ errors: Record<string, string> }>().errors[field]).toContain(message);
    }
    expect(await t.app.db.select().from(payments)).toHaveLength(0);
    expect(await t.app.db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Payment received%'))).toHaveLength(0);
  });

  it('deletes a payment recorded by mistake: the invoice is owed again, and the audit log keeps why', async () => {
    const customer = await customerWithInvoices(['2026-09']);
    const [september] = customer.invoices;
    const paid = (await call('POST', '/api/admin/payments', payment(customer.customerId, september!.totalCents))).json<{
      payment: Payment;
    }>();
    expect((await account(customer.customerId)).owedCents).toBe(0);
    const deleted = await call('POST', `/api/admin/payments/${paid.payment.id}/delete`, { reason: 'Entered on the wrong account, Nov 21' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, unappliedCents: 0 });
    expect((await account(customer.customerId)).owedCents).toBe(september!.totalCents);
    const events = await t.app.db.select().from(auditEvents).where(like(auditEvents.action, 'POST /api/admin/payments/%/delete'));
    expect(events[0]!.summary).toContain('Entered on the wrong account');
    const log = (await call('GET', '/api/admin/audit-events')).json<{ events: Array<{ words: { text: string } }> }>();
    expect(log.events.map((event) => event.words.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`deleted the payment of \\$[\\d,]+\\.\\d\\d from .+: “Entered on the wrong account; Nov 21”$`)),
        expect.stringMatching(
          new RegExp(`recorded a payment of \\$[\\d,]+\\.\\d\\d \\(a check\\), applied to invoice ${september!.number}$`),
        ),
      ]),
    );
    const empty = await call('POST', `/api/admin/payments/${paid.payment.id}/delete`, {});
    expect(empty.statusCode).toBe(400);
  });

  it('charges a late fee only after the customer’s own due date and the grace period, once, and waives it on request', async () => {
    await settings({ lateFeeKind: 'flat', lateFeeFlatCents: 2500, lateFeeGraceDays: 5 });
    const net30 = await customerWithInvoices(['2026-09'], { terms: 'net_30' }); // issued Oct 1, due Oct 31
    const net60 = await customerWithInvoices(['2026-09'], { terms: 'net_60' }); // due Nov 30
    expect(net30.invoices[0]!.dueOn).toBe('2026-10-31');
    expect(net60.invoices[0]!.dueOn).toBe('2026-11-30');

    expect(await applyLateFees(t.app.db, '2026-11-05')).toBe(0);
    expect(await applyLateFees(t.app.db, '2026-11-06')).toBe(1);
    expect(await applyLateFees(t.app.db, '2026-11-20')).toBe(0);
    const fees = await t.app.db.select().from(lateFees);
    expect(fees).toEqual([expect.objectContaining({ invoiceId: net30.invoices[0]!.id, amountCents: 2500, appliedOn: '2026-11-06' })]);
    expect((await account(net30.customerId)).owedCents).toBe(net30.invoices[0]!.totalCents + 2500);
    expect((await account(net60.customerId)).owedCents).toBe(net60.invoices[0]!.totalCents);

    const waived = await call('POST', `/api/admin/late-fees/${fees[0]!.id}/waive`, { reason: 'First time late, a long-standing customer' });
    expect(waived.statusCode, waived.body).toBe(200);
    expect((await account(net30.customerId)).owedCents).toBe(net30.invoices[0]!.totalCents);
    expect((await call('POST', `/api/admin/late-fees/${fees[0]!.id}/waive`, {})).statusCode).toBe(409);
    const events = await t.app.db.select().from(auditEvents).where(like(auditEvents.action, 'POST /api/admin/late-fees/%/waive'));
    expect(events[0]!.summary).toContain('amount=$25.00');
    // The audit log says it in words, with a link to the invoice.
    const log = (await call('GET', '/api/admin/audit-events')).json<{
      events: Array<{ words: { text: string; link: { href: string } | null } }>;
    }>();
    expect(log.events.map((event) => event.words)).toContainEqual({
      text: expect.stringMatching(
        new RegExp(`waived the late fee on invoice ${net30.invoices[0]!.number} of .+: “First time late; a long-standing customer”$`),
      ),
      link: expect.objectContaining({ href: `/admin/invoices/${net30.invoices[0]!.id}` }),
    });
    expect(await applyLateFees(t.app.db, '2026-12-10')).toBe(1); // net 60's own due date and grace have now passed; the waived fee is not charged again
  });

  it('charges a percentage of what is still due, rounded once, and none on a paid invoice', async () => {
    await settings({ lateFeeKind: 'percent', lateFeePercentBp: 150, lateFeeGraceDays: 0 });
    const customer = await customerWithInvoices(['2026-09', '2026-10']);
    const [september, october] = customer.invoices;
    await call(
      'POST',
      '/api/admin/payments',
      payment(customer.customerId, october!.totalCents, { allocations: [{ invoiceId: october!.id, amountCents: october!.totalCents }] }),
    );
    expect(await applyLateFees(t.app.db, '2026-12-05')).toBe(1);
    const [fee] = await t.app.db.select().from(lateFees);
    expect(fee).toMatchObject({ invoiceId: september!.id, amountCents: Math.floor((september!.totalCents * 150 + 5000) / 10000) });
  });

  it('sends each reminder once: before the due date, then 7, 14 and 30 days after, and none once paid or paused', async () => {
    const customer = await customerWithInvoices(['2026-09']); // due Oct 31
    const paused = await customerWithInvoices(['2026-09']);
    await t.app.db.update(customers).set({ remindersPaused: true }).where(eq(customers.id, paused.customerId));
    const reminders = async () =>
      (await t.app.db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Invoice %'))).filter(
        (mail) => !mail.subject.includes(' from '),
      );

    expect(await sendInvoiceReminders(t.app.db, noMail, '2026-10-27')).toBe(0);
    expect(await sendInvoiceReminders(t.app.db, noMail, '2026-10-28')).toBe(1);
    expect(await sendInvoiceReminders(t.app.db, noMail, '2026-10-28')).toBe(0);
    expect(await sendInvoiceReminders(t.app.db, noMail, '2026-11-03')).toBe(0);
    expect(await sendInvoiceReminders(t.app.db, noMail, '2026-11-07')).toBe(1);
    // Nobody ran the job for three weeks: only the latest reminder goes, not the one for day 14 as well.
    expect(await sendInvoiceReminders(t.app.db, noMail, '2026-11-30')).toBe(1);
    const sent = await reminders();
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [customer.email, `Invoice ${customer.invoices[0]!.number} is due on Oct 31, 2026`],
      [customer.email, expect.stringContaining(`Invoice ${customer.invoices[0]!.number} is 7 days overdue`)],
      [customer.email, expect.stringContaining(`Invoice ${customer.invoices[0]!.number} is 30 days overdue`)],
    ]);
    expect(sent[2]!.textBody).toContain(`/customer-dashboard/invoices/${customer.invoices[0]!.id}`);

    const next = await customerWithInvoices(['2026-10']); // due Nov 30
    await call('POST', '/api/admin/payments', payment(next.customerId, next.invoices[0]!.totalCents));
    expect(await sendInvoiceReminders(t.app.db, noMail, '2026-12-08')).toBe(0);
    expect(sent.some((mail) => mail.toAddress === paused.email)).toBe(false);
  });

  it('works out which reminder is due', () => {
    const offsets = [-3, 7, 14, 30];
    expect(reminderDue(offsets, -4, 30)).toBeNull();
    expect(reminderDue(offsets, -3, 30)).toBe(-3);
    expect(reminderDue(offsets, 0, 30)).toBe(-3);
    expect(reminderDue(offsets, 3, 30)).toBeNull();
    expect(reminderDue(offsets, 14, 30)).toBe(14);
    expect(reminderDue(offsets, 95, 30)).toBe(30);
    expect(reminderDue(offsets, 0, 0)).toBeNull(); // due on receipt: no friendly reminder
  });

  it('shows receivables by age, days sales outstanding and who owes most, each linked to its invoices', async () => {
    const big = await customerWithInvoices(['2026-07', '2026-08', '2026-09', '2026-10']);
    const small = await customerWithInvoices(['2026-10'], { terms: 'net_60' });
    const response = await call('GET', '/api/admin/receivables');
    expect(response.statusCode, response.body).toBe(200);
    const today = response.json<Receivables>().asOf;
    const body = response.json<Receivables>();
    const owed = [...big.invoices, ...small.invoices].reduce((sum, invoice) => sum + invoice.totalCents, 0);
    expect(body.totalCents).toBe(owed);
    expect(body.aging.reduce((sum, bucket) => sum + bucket.amountCents, 0)).toBe(owed);
    expect(body.aging.reduce((sum, bucket) => sum + bucket.invoiceCount, 0)).toBe(5);
    expect(body.topCustomers[0]).toMatchObject({ customerId: big.customerId, invoiceCount: 4 });
    for (const bucket of body.aging) {
      const listed = (await call('GET', `/api/admin/invoices?aging=${encodeURIComponent(bucket.bucket)}`)).json<InvoiceSummary[]>();
      expect(listed.length, `${bucket.bucket} on ${today}`).toBe(bucket.invoiceCount);
      expect(listed.reduce((sum, invoice) => sum + invoice.amountDueCents, 0)).toBe(bucket.amountCents);
    }
    expect((await call('GET', '/api/admin/invoices?aging=soon')).statusCode).toBe(400);
  });

  it('keeps how a customer is billed: terms reach the next invoice approved, contacts receive it, bad input stores nothing', async () => {
    const customer = await customerWithInvoices([]);
    const url = `/api/admin/customers/${customer.customerId}/billing`;
    const before = (await call('GET', url)).json();
    expect(before).toMatchObject({
      paymentTerms: 'net_30',
      invoicePerProperty: false,
      contacts: [],
      recipients: [{ email: customer.email }],
    });
    const body = {
      paymentTerms: 'net_15',
      invoicePerProperty: true,
      billingAddress: 'Accounts Payable\n2100 S Kinnickinnic Ave\nMilwaukee, WI 53207',
      remindersPaused: true,
      contacts: [
        { email: 'AP@HarborRetail.example', name: 'Accounts Payable' },
        { email: 'controller@harborretail.example', name: null },
      ],
    };
    const saved = await call('PUT', url, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      paymentTerms: 'net_15',
      invoicePerProperty: true,
      remindersPaused: true,
      recipients: [
        { email: 'ap@harborretail.example', name: 'Accounts Payable' },
        { email: 'controller@harborretail.example', name: null },
      ],
    });
    for (const [bad, field, message] of [
      [{ ...body, paymentTerms: 'net_90' }, 'paymentTerms', 'Choose the payment terms'],
      [{ ...body, contacts: [{ email: 'not an address' }] }, 'contacts', 'Enter a valid e-mail address'],
      [{ ...body, contacts: [{ email: 'a@b.example' }, { email: 'A@b.example' }] }, 'contacts', 'List each e-mail address once'],
    ] as const) {
      const refused = await call('PUT', url, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    }
    expect((await call('GET', url)).json()).toMatchObject({
      paymentTerms: 'net_15',
      contacts: [{ email: 'ap@harborretail.example' }, { email: 'controller@harborretail.example' }],
    });

    await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-05');
    await prepareInvoices(t.app.db, monthBounds('2026-10'));
    const [draft] = await t.app.db.select().from(invoices).where(eq(invoices.customerId, customer.customerId));
    expect((await approveInvoice(t.app.db, draft!.id, null, '2026-11-02')).dueOn).toBe('2026-11-17');
  });

  it('lets owners set reminders and late fees, and refuses what makes no sense', async () => {
    const settings = (await call('GET', '/api/admin/invoice-settings')).json();
    expect(settings).toEqual({
      achInstructions: '',
      creditCompanySkips: true,
      reminderDaysBefore: 3,
      reminderDaysAfter: [7, 14, 30],
      lateFee: { kind: 'off', flatCents: 0, percentBp: 0, graceDays: 0 },
    });
    const changed = {
      ...settings,
      achInstructions: 'Associated Bank, routing 075900575, account 2209447118',
      reminderDaysBefore: null,
      reminderDaysAfter: [30, 10],
      lateFee: { kind: 'percent', flatCents: 0, percentBp: 150, graceDays: 10 },
    };
    const saved = await call('PUT', '/api/admin/invoice-settings', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      reminderDaysBefore: null,
      reminderDaysAfter: [10, 30],
      lateFee: { kind: 'percent', percentBp: 150 },
    });
    const refused = await call('PUT', '/api/admin/invoice-settings', {
      ...changed,
      lateFee: { kind: 'flat', flatCents: 0, percentBp: 0, graceDays: 0 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string> }>().errors.lateFee).toBe('Enter the flat fee');
    expect((await call('GET', '/api/admin/invoice-settings')).json()).toMatchObject({ lateFee: { kind: 'percent' } });
  });

  it.runIf(kind === 'postgres')(
    'never applies more to an invoice than it asks for when two instances record payments at once',
    async () => {
      const second = await openDatabase({ databaseUrl: t.database.url! });
      try {
        const customer = await customerWithInvoices(['2026-09', '2026-10']);
        const [september] = customer.invoices;
        const secondMail = { ...noMail };
        const inputs = Array.from({ length: 6 }, () => payment(customer.customerId, september!.totalCents) as PaymentInput);
        const results = await Promise.allSettled(
          inputs.map((input, n) => recordPayment(n % 2 ? second.db : t.app.db, secondMail, input, null)),
        );
        expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
        const after = await account(customer.customerId);
        const total = customer.invoices.reduce((sum, invoice) => sum + invoice.totalCents, 0);
        expect(after.owedCents).toBe(0);
        expect(after.creditCents).toBe(6 * september!.totalCents - total);
        for (const invoice of customer.invoices) {
          const applied = after.payments.flatMap((row) => row.allocations).filter((allocation) => allocation.invoiceId === invoice.id);
          expect(applied.reduce((sum, allocation) => sum + allocation.amountCents, 0)).toBe(invoice.totalCents);
        }
      } finally {
        await second.close();
      }
    },
  );
});
