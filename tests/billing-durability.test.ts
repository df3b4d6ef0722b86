import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { invoiceLines, invoices } from '../src/server/db/schema';
import { freePort, startServer, waitFor, waitUntilReady, type ServerProcess } from '#test/server-process';
import { addVisit, billingCustomer } from '#test/billing';
import { staffCookie, targets, withDatabase } from '#test/targets';

/*
 * Issue 25: "the process killed mid-run, then run again: the numbers are still gapless and no
 * invoice is doubled". A real server process is killed with SIGKILL twice: while "Prepare invoices"
 * is making a month's drafts, and while "Approve and send all" is numbering them. Each time the
 * next start does the same again, and in the end every customer has one invoice for the month,
 * every visit is on one line, and the numbers run from the year's first without a gap.
 */

const CUSTOMERS = 120;
const MONTH = '2026-10';
const SWEEP = { name: 'Parking Lot Cleaning', unit: 'visit' as const, unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' };

interface Summary {
  id: string;
  status: string;
  number: string | null;
}

// PostgreSQL only: on PGlite the one process answers nothing else while a run works (a request made
// 0.1 s into a 1.8 s run of 200 customers was answered when it ended), so no test can see the run half
// done from outside and stop it there. PGlite's recovery from kill -9 is proven in durability.test.ts.
describe.each(targets.filter((target) => target.name === 'PostgreSQL'))('billing killed with SIGKILL on $name', (target) => {
  it('kill -9 in the middle of a billing run and of "Approve and send all": run again, each customer billed once, numbers gapless', async () => {
    const { env, options, cleanup } = await target.env();
    const visitIds = await withDatabase(options, async (db) => {
      const made: string[] = [];
      for (let n = 0; n < CUSTOMERS; n++) {
        const customer = await billingCustomer(db, { name: `Lot ${n}`, startDate: `${MONTH}-01`, lines: [SWEEP] });
        const at = customer.lines.get('Parking Lot Cleaning@0')!;
        made.push(await addVisit(db, at, `${MONTH}-05`), await addVisit(db, at, `${MONTH}-12`));
      }
      return made;
    });
    const cookie = await staffCookie(options);
    const port = await freePort();
    const start = async () => {
      const server = startServer({ ...env, LOG_LEVEL: 'warn' }, port);
      // A failed assertion leaves no server behind.
      onTestFinished(() => {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      });
      await waitUntilReady(server);
      return server;
    };
    const call = (server: ServerProcess, route: string, body?: unknown) =>
      fetch(`${server.url}${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { cookie, 'sec-fetch-site': 'same-origin', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch((error: unknown) => {
        // Say what the server printed, and whether it was still running.
        const state = server.child.exitCode ?? server.child.signalCode ?? 'running';
        throw new Error(`${route} failed; the server: ${state}\n${server.output()}`, { cause: error });
      });
    const monthInvoices = async (server: ServerProcess) =>
      (await (await call(server, `/api/admin/invoices?month=${MONTH}`)).json()) as Summary[];
    const kill = async (server: ServerProcess) => {
      server.child.kill('SIGKILL');
      await server.exited;
    };

    // 1. Killed while the run makes the drafts: some are made, not all.
    let server = await start();
    const run = call(server, '/api/admin/billing-runs', { month: MONTH }).catch(() => null);
    expect(await waitFor(async () => (await monthInvoices(server)).length > 0, 60_000)).toBe(true);
    await kill(server);
    expect(await run).toBeNull();
    server = await start();
    const partial = (await monthInvoices(server)).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(CUSTOMERS);

    // Run again: the rest are made, none twice.
    const rerun = await call(server, '/api/admin/billing-runs', { month: MONTH });
    expect(rerun.status).toBe(200);
    expect(await rerun.json()).toMatchObject({ created: CUSTOMERS - partial, alreadySent: 0 });
    const drafts = await monthInvoices(server);
    expect(drafts).toHaveLength(CUSTOMERS);
    const ids = drafts.map((invoice) => invoice.id);

    // 2. Killed while approving and sending them all: some are numbered, not all.
    const approving = call(server, '/api/admin/invoices/approve', { ids }).catch(() => null);
    const sentSoFar = async (s: ServerProcess) => (await monthInvoices(s)).filter((invoice) => invoice.status !== 'draft').length;
    expect(await waitFor(async () => (await sentSoFar(server)) > 0, 60_000)).toBe(true);
    await kill(server);
    expect(await approving).toBeNull();
    server = await start();
    const numbered = await sentSoFar(server);
    expect(numbered).toBeGreaterThan(0);
    expect(numbered).toBeLessThan(CUSTOMERS);

    // Approve them all again: the rest go out, the ones sent are not sent twice.
    const again = await call(server, '/api/admin/invoices/approve', { ids });
    expect(again.status).toBe(200);
    const answer = (await again.json()) as { sent: unknown[]; alreadySent: unknown[]; refused: unknown[] };
    expect({ sent: answer.sent.length, alreadySent: answer.alreadySent.length, refused: answer.refused }).toEqual({
      sent: CUSTOMERS - numbered,
      alreadySent: numbered,
      refused: [],
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    await withDatabase(options, async (db) => {
      const rows = await db
        .select({ customerId: invoices.customerId, number: invoices.number, status: invoices.status })
        .from(invoices)
        .where(eq(invoices.periodStart, `${MONTH}-01`));
      expect(rows).toHaveLength(CUSTOMERS);
      expect(new Set(rows.map((row) => row.customerId)).size).toBe(CUSTOMERS);
      expect(rows.every((row) => row.status === 'sent')).toBe(true);
      // Gapless: the year's numbers are exactly 1 to CUSTOMERS, each once.
      const sequence = rows.map((row) => Number(/^\d{4}-(\d{5})$/.exec(row.number!)![1])).sort((a, b) => a - b);
      expect(sequence).toEqual(Array.from({ length: CUSTOMERS }, (_, index) => index + 1));
      // Every visit on exactly one line.
      const billed = await db
        .select({ visitId: invoiceLines.visitId, lines: sql<number>`count(*)::int` })
        .from(invoiceLines)
        .where(and(isNotNull(invoiceLines.visitId), eq(invoiceLines.voided, false)))
        .groupBy(invoiceLines.visitId);
      expect(billed).toHaveLength(visitIds.length);
      expect(billed.every((row) => row.lines === 1)).toBe(true);
      expect(new Set(billed.map((row) => row.visitId))).toEqual(new Set(visitIds));
    });
    await cleanup();
  }, 180_000);
});
