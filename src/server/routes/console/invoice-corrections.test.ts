import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreditNote, Invoice } from '../../../shared/api/invoices';
import { monthBounds } from '../../../shared/invoices';
import { creditNotes, customers, documentNumbers, emailOutbox, invoices } from '../../db/schema';
import { openDatabase } from '../../db/database';
import { approveInvoice, issueCreditNote, prepareInvoices, recordPayment, voidInvoice } from '../../modules/billing';
import { testAppFor } from '#test/app';
import { addVisit, billingCustomer } from '#test/billing';
import { testDatabases } from '#test/database';

const json = { 'content-type': 'application/json' };
const noMail = { appUrl: new URL('https://lots.example'), staffNotifyEmails: [], queued: () => {} };

/** A PDF's text as pdftotext reads it, after qpdf --check finds it sound. */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'correction-pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors found');
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

describe.each(testDatabases)('voiding invoices and issuing credit notes on %s', (kind) => {
  const t = testAppFor(kind);
  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...(body === undefined ? {} : json), ...t.as('staff') },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** A customer with October 2026's invoice sent on Nov 1: two $85 visits taxed at the City of Milwaukee's rate. */
  async function sentInvoice() {
    const customer = await billingCustomer(t.app.db, {
      startDate: '2026-01-01',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-05');
    await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-12');
    await prepareInvoices(t.app.db, monthBounds('2026-10'));
    const [draft] = await t.app.db.select().from(invoices).where(eq(invoices.customerId, customer.customerId));
    const sent = await approveInvoice(t.app.db, draft!.id, null, '2026-11-01');
    const [row] = await t.app.db.select({ email: customers.email }).from(customers).where(eq(customers.id, customer.customerId));
    return { ...customer, invoice: sent, email: row!.email };
  }

  const mailTo = (email: string, subject: string) =>
    t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, `${subject}%`)));

  it('voids a sent invoice with its reason: it keeps its number, owes nothing, the customer gets the void PDF, and the month can be billed again', async () => {
    const { invoice, email, customerId } = await sentInvoice();
    const voided = await call('POST', `/api/admin/invoices/${invoice.id}/void`, {
      reason: 'Billed at the old rate, re-issued at the agreed one',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json<Invoice>()).toMatchObject({
      number: invoice.number,
      status: 'void',
      amountDueCents: 0,
      voidReason: 'Billed at the old rate, re-issued at the agreed one',
    });
    // Pressed again: nothing more is sent.
    expect((await call('POST', `/api/admin/invoices/${invoice.id}/void`, { reason: 'Again' })).statusCode).toBe(200);
    const mails = await mailTo(email, `Invoice ${invoice.number} is void`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Why it is void: Billed at the old rate, re-issued at the agreed one');
    const download = await call('GET', `/api/admin/invoices/${invoice.id}/pdf`);
    expect(download.headers['content-disposition']).toContain(`Invoice-${invoice.number}-`);
    const words = pdfText(download.rawPayload);
    expect(words).toContain('Void');
    expect(words).toContain('This invoice is void: Billed at the old rate, re-issued at the agreed one. Nothing is owed on it.');

    // The month is prepared again: a new draft bills the same visits, and the void invoice keeps its lines.
    const again = await prepareInvoices(t.app.db, monthBounds('2026-10'));
    expect(again.created).toBe(1);
    const rows = await t.app.db.select().from(invoices).where(eq(invoices.customerId, customerId));
    expect(rows.map((row) => row.status).sort()).toEqual(['draft', 'void']);
    expect(rows.find((row) => row.status === 'draft')!.totalCents).toBe(invoice.totalCents);
  });

  it('refuses to void a draft, a paid invoice or a credited one, with the reason, and stores nothing', async () => {
    const { invoice, customerId } = await sentInvoice();
    const noReason = await call('POST', `/api/admin/invoices/${invoice.id}/void`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    await recordPayment(
      t.app.db,
      noMail,
      { customerId, method: 'check', reference: '2231', receivedOn: '2026-11-10', amountCents: 1000, idempotencyKey: randomUUID() },
      null,
    );
    const paid = await call('POST', `/api/admin/invoices/${invoice.id}/void`, { reason: 'Wrong month' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/^Payments are applied to this invoice/);

    const other = await sentInvoice();
    expect(
      (
        await call('POST', `/api/admin/invoices/${other.invoice.id}/credit-notes`, {
          id: randomUUID(),
          amountCents: 500,
          reason: 'One bag short',
        })
      ).statusCode,
    ).toBe(200);
    const credited = await call('POST', `/api/admin/invoices/${other.invoice.id}/void`, { reason: 'Wrong month' });
    expect(credited.statusCode).toBe(409);
    expect(credited.json().message).toMatch(/^A credit note already corrects this invoice/);

    await prepareInvoices(t.app.db, monthBounds('2026-09'));
    const [draft] = await t.app.db.select().from(invoices).where(eq(invoices.status, 'draft'));
    if (draft) expect((await call('POST', `/api/admin/invoices/${draft.id}/void`, { reason: 'Not needed' })).statusCode).toBe(409);
    expect(await t.app.db.select().from(invoices).where(eq(invoices.status, 'void'))).toEqual([]);
    expect((await call('POST', `/api/admin/invoices/${randomUUID()}/void`, { reason: 'Gone' })).statusCode).toBe(404);
  });

  it('issues a credit note with its own gapless number, at most what the invoice asks for, once per press, and e-mails its PDF', async () => {
    const { invoice, email } = await sentInvoice();
    const first = { id: randomUUID(), amountCents: 4250, reason: 'Half the Oct 12 visit: the lot was closed for resurfacing' };
    const issued = await call('POST', `/api/admin/invoices/${invoice.id}/credit-notes`, first);
    expect(issued.statusCode, issued.body).toBe(200);
    const { creditNote } = issued.json<{ creditNote: CreditNote; issued: boolean }>();
    expect(creditNote).toMatchObject({ number: `CN-${new Date().getFullYear()}-00001`, amountCents: 4250, reason: first.reason });
    // The tax part is the invoice's share of tax, rounded once.
    expect(creditNote.taxCents).toBe(Math.round((4250 * invoice.taxCents) / invoice.totalCents));
    // Pressed again with the same form: nothing more.
    const again = await call('POST', `/api/admin/invoices/${invoice.id}/credit-notes`, first);
    expect(again.json()).toMatchObject({ issued: false, creditNote: { number: creditNote.number } });
    expect(await t.app.db.select().from(creditNotes)).toHaveLength(1);

    const after = (await call('GET', `/api/admin/invoices/${invoice.id}`)).json<Invoice>();
    expect(after.amountDueCents).toBe(invoice.totalCents - 4250);
    expect(after.creditNotes.map((note) => note.number)).toEqual([creditNote.number]);

    // More than it still asks for: refused with the figure, and nothing stored or numbered.
    const tooMuch = await call('POST', `/api/admin/invoices/${invoice.id}/credit-notes`, {
      id: randomUUID(),
      amountCents: invoice.totalCents - 4250 + 1,
      reason: 'Everything',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amountCents).toBe(
      `A credit note can take off at most what the invoice still asks for: $${((invoice.totalCents - 4250) / 100).toFixed(2)}`,
    );
    for (const bad of [{ amountCents: 0 }, { amountCents: 10.5 }, { reason: '' }, { id: 'not-a-uuid' }]) {
      const refused = await call('POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { ...first, id: randomUUID(), ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.app.db.select().from(creditNotes)).toHaveLength(1);
    const [counter] = await t.app.db.select().from(documentNumbers).where(eq(documentNumbers.series, 'credit_note'));
    expect(counter!.last).toBe(1);

    // The rest, credited: the invoice is settled, and the second number follows the first.
    const rest = await call('POST', `/api/admin/invoices/${invoice.id}/credit-notes`, {
      id: randomUUID(),
      amountCents: invoice.totalCents - 4250,
      reason: 'Service paused for October by agreement',
    });
    expect(rest.json<{ creditNote: CreditNote }>().creditNote.number).toBe(`CN-${new Date().getFullYear()}-00002`);
    expect((await call('GET', `/api/admin/invoices/${invoice.id}`)).json<Invoice>()).toMatchObject({ amountDueCents: 0, status: 'paid' });

    const mails = await mailTo(email, `Credit note ${creditNote.number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`Invoice now asks for: $${((invoice.totalCents - 4250) / 100).toFixed(2)}`);
    // The PDF it carried, as the console downloads it.
    const download = await call('GET', `/api/admin/credit-notes/${creditNote.id}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`Credit-note-${creditNote.number}`);
    const words = pdfText(download.rawPayload);
    expect(words).toContain(`Credit note ${creditNote.number}`);
    expect(words).toContain(`For invoice ${invoice.number}`);
    expect(words).toContain(`Total credit -$42.50`);
    expect(words).toContain(first.reason);

    const invoicePdf = await call('GET', `/api/admin/invoices/${invoice.id}/pdf`);
    expect(invoicePdf.statusCode).toBe(200);
    expect(pdfText(invoicePdf.rawPayload)).toContain(`Invoice ${invoice.number}`);
  });

  it('refuses a credit note on a draft or a void invoice, and for a paid one says nothing is left', async () => {
    const { invoice, customerId } = await sentInvoice();
    await recordPayment(
      t.app.db,
      noMail,
      {
        customerId,
        method: 'ach',
        reference: 'ACH 5512',
        receivedOn: '2026-11-10',
        amountCents: invoice.totalCents,
        idempotencyKey: randomUUID(),
      },
      null,
    );
    const paid = await call('POST', `/api/admin/invoices/${invoice.id}/credit-notes`, {
      id: randomUUID(),
      amountCents: 100,
      reason: 'Goodwill',
    });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe('This invoice is paid: nothing is left on it to credit');

    const other = await sentInvoice();
    await call('POST', `/api/admin/invoices/${other.invoice.id}/void`, { reason: 'Duplicate of the property’s own invoice' });
    const onVoid = await call('POST', `/api/admin/invoices/${other.invoice.id}/credit-notes`, {
      id: randomUUID(),
      amountCents: 100,
      reason: 'Goodwill',
    });
    expect(onVoid.statusCode).toBe(409);
    expect(await t.app.db.select().from(creditNotes)).toEqual([]);
  });

  it('lets customers and strangers neither void nor credit, and says so in the audit log’s words', async () => {
    const { invoice } = await sentInvoice();
    for (const role of ['customerA', 'anonymous'] as const) {
      const voided = await t.app.inject({
        method: 'POST',
        url: `/api/admin/invoices/${invoice.id}/void`,
        headers: { ...json, ...t.as(role) },
        payload: JSON.stringify({ reason: 'No' }),
      });
      expect(voided.statusCode, role).toBe(role === 'anonymous' ? 401 : 403);
      const credited = await t.app.inject({
        method: 'POST',
        url: `/api/admin/invoices/${invoice.id}/credit-notes`,
        headers: { ...json, ...t.as(role) },
        payload: JSON.stringify({ id: randomUUID(), amountCents: 100, reason: 'No' }),
      });
      expect(credited.statusCode, role).toBe(role === 'anonymous' ? 401 : 403);
    }
    await call('POST', `/api/admin/invoices/${invoice.id}/credit-notes`, {
      id: randomUUID(),
      amountCents: 1500,
      reason: 'Missed bin, Oct 5',
    });
    const log = (await call('GET', '/api/admin/audit-events')).json<{ events: Array<{ words: { text: string } }> }>();
    expect(log.events.map((event) => event.words.text)).toContainEqual(
      expect.stringMatching(
        new RegExp(`issued credit note CN-\\d{4}-00001 of \\$15\\.00 against invoice ${invoice.number} of .+: “Missed bin; Oct 5”$`),
      ),
    );
  });

  it.runIf(kind === 'postgres')(
    'issues a credit note once, gaplessly numbered, and voids once, when two instances press at the same time',
    async () => {
      const second = await openDatabase({ databaseUrl: t.database.url! });
      try {
        const { invoice, email } = await sentInvoice();
        const form = { id: randomUUID(), amountCents: 2000, reason: 'Oct 5 sweep started late' };
        const other = { id: randomUUID(), amountCents: 1500, reason: 'One bin missed on Oct 12' };
        const answers = await Promise.all([
          issueCreditNote(t.app.db, noMail, invoice.id, form, null),
          issueCreditNote(second.db, noMail, invoice.id, form, null),
          issueCreditNote(t.app.db, noMail, invoice.id, other, null),
          issueCreditNote(second.db, noMail, invoice.id, other, null),
        ]);
        expect(answers.map((answer) => answer.issued).filter(Boolean)).toHaveLength(2);
        const notes = await t.app.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
        expect(notes.map((note) => note.number.slice(-5)).sort()).toEqual(['00001', '00002']);
        expect(await mailTo(email, 'Credit note')).toHaveLength(2);

        const next = await sentInvoice();
        const voided = await Promise.all([
          voidInvoice(t.app.db, noMail, next.invoice.id, 'Billed twice', null),
          voidInvoice(second.db, noMail, next.invoice.id, 'Billed twice', null),
        ]);
        expect(voided.filter(Boolean)).toHaveLength(1);
        expect(await mailTo(next.email, `Invoice ${next.invoice.number} is void`)).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});
