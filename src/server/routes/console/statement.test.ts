import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CustomerAccount } from '../../../shared/api/payments';
import { monthBounds } from '../../../shared/invoices';
import { formatCents } from '../../../shared/money';
import { invoices } from '../../db/schema';
import { approveInvoice, prepareInvoices, recordPayment, statementOf } from '../../modules/billing';
import { testAppFor } from '#test/app';
import { addVisit, billingCustomer } from '#test/billing';
import { testDatabases } from '#test/database';

const noMail = { appUrl: new URL('https://lots.example'), staffNotifyEmails: [], queued: () => {} };

/** A PDF's text as pdftotext lays it out (runs of spaces made one), after qpdf --check finds it sound. */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'statement-')), 'statement.pdf');
  writeFileSync(file, pdf);
  expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors found');
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

describe.each(testDatabases)('statements of account on %s', (kind) => {
  const t = testAppFor(kind);

  /** A customer billed for September and October 2026 (sent Oct 1 and Nov 1, net 30). */
  async function customerWithTwoInvoices(customerId?: string) {
    const customer = await billingCustomer(t.app.db, {
      startDate: '2026-01-01',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    const sent = [];
    for (const [month, issued] of [
      ['2026-09', '2026-10-01'],
      ['2026-10', '2026-11-01'],
    ] as const) {
      await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, `${month}-07`);
      await addVisit(t.app.db, customer.lines.get('Parking Lot Cleaning@0')!, `${month}-14`);
      await prepareInvoices(t.app.db, monthBounds(month));
      const [draft] = await t.app.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.customerId, customer.customerId), eq(invoices.periodStart, `${month}-01`)));
      sent.push(await approveInvoice(t.app.db, draft!.id, null, issued));
    }
    if (customerId) await t.app.db.update(invoices).set({ customerId }).where(eq(invoices.customerId, customer.customerId));
    return { customerId: customerId ?? customer.customerId, invoices: sent };
  }

  it('gives the balance, the aging, each open invoice and the last 90 days’ payments, to the cent as the account says', async () => {
    const {
      customerId,
      invoices: [september, october],
    } = await customerWithTwoInvoices();
    await recordPayment(
      t.app.db,
      noMail,
      {
        customerId,
        method: 'check',
        reference: '10442',
        receivedOn: '2026-11-12',
        amountCents: 5000,
        allocations: [{ invoiceId: september!.id, amountCents: 5000 }],
        idempotencyKey: randomUUID(),
      },
      null,
    );
    const statement = await statementOf(t.app.db, customerId, '2026-11-28');
    const account = (
      await t.app.inject({ url: `/api/admin/customers/${customerId}/account`, headers: t.as('staff') })
    ).json<CustomerAccount>();
    expect(statement.account.balanceCents).toBe(account.balanceCents);
    expect(statement.account.balanceCents).toBe(september!.totalCents + october!.totalCents - 5000);
    // September was due Oct 31: 28 days late on Nov 28. October is due Dec 1: not yet due.
    expect(statement.aging).toEqual([
      { bucket: 'current', amountCents: october!.totalCents },
      { bucket: '1-30', amountCents: september!.totalCents - 5000 },
      { bucket: '31-60', amountCents: 0 },
      { bucket: '61-90', amountCents: 0 },
      { bucket: '90+', amountCents: 0 },
    ]);

    const response = await t.app.inject({ url: `/api/admin/customers/${customerId}/statement.pdf`, headers: t.as('staff') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Statement-\d{4}-\d\d-\d\d-Harbor-Retail-Group-[\w-]+\.pdf"$/,
    );
    const words = pdfText(response.rawPayload);
    expect(words).toContain('Statement of account');
    expect(words).toContain(`Balance due ${formatCents(account.balanceCents)}`);
    expect(words).toContain(september!.number!);
    expect(words).toContain(october!.number!);
    expect(words).toContain(`Check no. 10442`);
    expect(words).toContain(`${september!.number} ($50.00)`);
    expect(words).toContain(`Open invoices still ask for ${formatCents(account.owedCents)}`);
  });

  it('is the signed-in customer’s own in the portal, and nobody else’s', async () => {
    const own = await customerWithTwoInvoices(t.fixture.customerA.id);
    const mine = await t.app.inject({ url: '/api/portal/statement.pdf', headers: t.as('customerA') });
    expect(mine.statusCode).toBe(200);
    const words = pdfText(mine.rawPayload);
    expect(words).toContain(own.invoices[0]!.number!);
    const theirs = await t.app.inject({ url: '/api/portal/statement.pdf', headers: t.as('customerB') });
    expect(theirs.statusCode).toBe(200);
    expect(pdfText(theirs.rawPayload)).not.toContain(own.invoices[0]!.number!);
    // The console's statement is for staff only; a customer asking for another's is refused.
    expect(
      (await t.app.inject({ url: `/api/admin/customers/${t.fixture.customerA.id}/statement.pdf`, headers: t.as('customerB') })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/portal/statement.pdf' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/admin/customers/${randomUUID()}/statement.pdf`, headers: t.as('staff') })).statusCode).toBe(
      404,
    );
  });
});
