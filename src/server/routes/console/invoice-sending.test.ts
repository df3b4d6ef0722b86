import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceBulkApprovalResult } from '../../../shared/api/invoices';
import { localToday } from '../../../shared/local-dates';
import { formatCents } from '../../../shared/money';
import { auditEvents, customerBillingContacts, emailOutbox, invoices, properties, users } from '../../db/schema';
import { NOTHING_TO_BILL } from '../../modules/billing';
import { testAppFor } from '#test/app';
import { addVisit, billingCustomer } from '#test/billing';
import { testDatabases } from '#test/database';
import { mimeParts } from '#test/smtp';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('approving and sending invoices on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true });
  // The SMTP server serves the whole suite: each test reads only the e-mails its own app sent.
  beforeEach(() => {
    t.smtp.received.splice(0);
  });
  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...(body === undefined ? {} : json), ...t.as('staff') },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** An October draft: two properties, one with a PO number, two visits each. */
  async function octoberDraft(name: string) {
    const customer = await billingCustomer(t.app.db, {
      name,
      startDate: '2026-09-01',
      sites: 2,
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    await t.app.db
      .update(properties)
      .set({ name: 'Southridge Commons', poNumber: 'PO-4471' })
      .where(eq(properties.id, customer.propertyIds[0]!));
    await t.app.db.update(properties).set({ name: 'Bayshore Town Center' }).where(eq(properties.id, customer.propertyIds[1]!));
    for (const [site, date] of [
      [0, '2026-10-05'],
      [0, '2026-10-12'],
      [1, '2026-10-19'],
      [1, '2026-10-26'],
    ] as const) {
      await addVisit(t.app.db, customer.lines.get(`Parking Lot Cleaning@${site}`)!, date);
    }
    expect((await call('POST', '/api/admin/billing-runs', { month: '2026-10' })).statusCode).toBe(200);
    const [draft] = await t.app.db.select().from(invoices).where(eq(invoices.customerId, customer.customerId));
    return { ...customer, invoiceId: draft!.id };
  }

  const outboxTo = (addresses: string[]) =>
    t.app.db
      .select()
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.toAddress, addresses), like(emailOutbox.subject, 'Invoice %')));

  it('numbers the draft and e-mails its PDF to each billing contact, once however often “Approve and send” is pressed', async () => {
    const draft = await octoberDraft('Harbor Retail Group');
    await t.app.db.insert(customerBillingContacts).values([
      { customerId: draft.customerId, email: 'ap@harborretail.example', name: 'Renee Okafor' },
      { customerId: draft.customerId, email: 'controller@harborretail.example', name: null },
    ]);

    // A double press, and a third later: one number, one e-mail per contact.
    const [first, second] = await Promise.all([
      call('POST', `/api/admin/invoices/${draft.invoiceId}/approve`),
      call('POST', `/api/admin/invoices/${draft.invoiceId}/approve`),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const invoice = first.json<Invoice>();
    expect(second.json<Invoice>().number).toBe(invoice.number);
    expect(invoice).toMatchObject({
      status: 'open',
      number: `${localToday().slice(0, 4)}-00001`,
      issuedOn: localToday(),
      totalCents: 34000,
    });
    expect((await call('POST', `/api/admin/invoices/${draft.invoiceId}/approve`)).json<Invoice>().number).toBe(invoice.number);
    const queued = await outboxTo(['ap@harborretail.example', 'controller@harborretail.example']);
    expect(queued.map((row) => row.toAddress).sort()).toEqual(['ap@harborretail.example', 'controller@harborretail.example']);
    expect(queued[0]).toMatchObject({ subject: `Invoice ${invoice.number} from Lakeshore Lot Care for October 2026`, sensitive: false });

    // Received by the SMTP server: the words, the portal link and the PDF, read back with pdftotext.
    const mail = await t.smtp.nextMailTo('ap@harborretail.example');
    await t.smtp.nextMailTo('controller@harborretail.example');
    const parts = mimeParts(mail.raw);
    const textPart = parts.find((part) => part.contentType === 'text/plain')!.data.toString('utf8');
    expect(textPart).toContain(
      `Hello Renee Okafor, here is invoice ${invoice.number} for the lot care at your 2 properties in October 2026.`,
    );
    expect(textPart).toContain(`Amount due: ${formatCents(34000)}`);
    expect(textPart).toContain(`Open the portal: ${t.app.config.appUrl.origin}/customer-dashboard`);
    const html = parts.find((part) => part.contentType === 'text/html')!.data.toString('utf8');
    expect(html).toContain(`href="${t.app.config.appUrl.origin}/customer-dashboard"`);
    const attached = parts.find((part) => part.disposition === 'attachment')!;
    expect(attached).toMatchObject({ contentType: 'application/pdf', filename: `Invoice-${invoice.number}-Harbor-Retail-Group.pdf` });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-mail-')), 'invoice.pdf');
    writeFileSync(file, attached.data);
    const words = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(words).toContain(`Invoice ${invoice.number}`);
    expect(words).toContain('PO-4471 (Southridge Commons)');
    expect(words).toContain(`Invoice total ${formatCents(invoice.totalCents)}`);
    expect(words).toContain('Verified on site');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.received.filter((received) => received.to.some((to) => to.endsWith('@harborretail.example')))).toEqual([]);

    const events = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'POST /api/admin/invoices/:id/approve'));
    expect(events.map((event) => event.summary).sort()).toEqual(['sent=false', 'sent=false', 'sent=true']);
  });

  it('sends to the portal users whose access is on when the customer has no billing contacts', async () => {
    const draft = await octoberDraft('Bayshore Property Partners');
    await t.app.db.insert(users).values([
      { email: 'dana@bayshorepartners.example', role: 'customer', customerId: draft.customerId, firstName: 'Dana' },
      { email: 'former@bayshorepartners.example', role: 'customer', customerId: draft.customerId, disabledAt: new Date() },
    ]);
    expect((await call('POST', `/api/admin/invoices/${draft.invoiceId}/approve`)).statusCode).toBe(200);
    const queued = await outboxTo(['dana@bayshorepartners.example', 'former@bayshorepartners.example']);
    expect(queued.map((row) => row.toAddress)).toEqual(['dana@bayshorepartners.example']);
    expect((await t.smtp.nextMailTo('dana@bayshorepartners.example')).decoded).toContain('Hello Dana, here is invoice');
  });

  it('approves and sends several drafts, each on its own: which went out, which had already, which were refused and why', async () => {
    const one = await octoberDraft('Mayfair Collection LLC');
    const two = await octoberDraft('Southridge Plaza Partners');
    await t.app.db.insert(customerBillingContacts).values([
      { customerId: one.customerId, email: 'ap@mayfair.example' },
      { customerId: two.customerId, email: 'ap@southridgeplaza.example' },
    ]);
    const empty = await billingCustomer(t.app.db, { name: 'Empty Lot Holdings', startDate: '2026-09-01', lines: [] });
    const [nothing] = await t.app.db
      .insert(invoices)
      .values({ customerId: empty.customerId, periodStart: '2026-10-01', periodEnd: '2026-10-31', paymentTerms: 'net_30' })
      .returning({ id: invoices.id });
    expect((await call('POST', `/api/admin/invoices/${two.invoiceId}/approve`)).statusCode).toBe(200);
    const twoNumber = (await t.app.db.select().from(invoices).where(eq(invoices.id, two.invoiceId)))[0]!.number;

    // Bad input is refused whole, and nothing is approved.
    for (const body of [{ ids: [] }, { ids: ['not-an-id'] }, {}]) {
      const refused = await call('POST', '/api/admin/invoices/approve', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', '/api/admin/invoices/approve', { ids: [] })).json()).toMatchObject({
      message: expect.stringContaining('at least one'),
    });
    expect((await t.app.db.select().from(invoices).where(eq(invoices.id, one.invoiceId)))[0]!.status).toBe('draft');

    const answer = await call('POST', '/api/admin/invoices/approve', { ids: [one.invoiceId, nothing!.id, two.invoiceId] });
    expect(answer.statusCode, answer.body).toBe(200);
    const year = localToday().slice(0, 4);
    expect(answer.json<InvoiceBulkApprovalResult>()).toEqual({
      sent: [{ id: one.invoiceId, number: `${year}-00002` }],
      alreadySent: [{ id: two.invoiceId, number: twoNumber }],
      refused: [{ id: nothing!.id, message: NOTHING_TO_BILL }],
    });
    expect((await outboxTo(['ap@mayfair.example'])).length).toBe(1);
    expect((await outboxTo(['ap@southridgeplaza.example'])).length).toBe(1);
    expect((await t.app.db.select().from(invoices).where(eq(invoices.id, nothing!.id)))[0]).toMatchObject({
      status: 'draft',
      number: null,
    });
    await t.smtp.nextMailTo('ap@mayfair.example');

    const events = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'POST /api/admin/invoices/approve'));
    expect(events.filter((event) => event.summary.startsWith('sent=')).map((event) => event.summary)).toEqual([
      `sent=${year}-00002, refused=1`,
    ]);
  });
});
