import type { Readable } from 'node:stream';
import { eq, min } from 'drizzle-orm';
import { localDateOf, localToday } from '../../../shared/local-dates';
import { FIRST_REPORT_MONTH, reportMonthOf, reportMonthProblem } from '../../../shared/report-months';
import type { Executor } from '../../db/executor';
import { customers, properties, visits } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import type { PhotoStorage } from '../photos';
import { monthlyReportData, type ReportScope } from './monthly-report-data';
import { monthlyReportFileName } from './monthly-report-pdf';
import { renderInWorker, reportTurn } from './report-rendering';

/** A month a report can be made for, else a 400 that says what to send (YYYY-MM, not in the future). */
export function checkReportMonth(month: string, today: string = localToday()): void {
  const problem = reportMonthProblem(month, today);
  if (problem) throw new RequestError(400, problem, { month: problem });
}

/** The customer a report belongs to, for the caller's access check; NotFoundError for an unknown property or customer. */
export async function reportOwner(db: Executor, scope: ReportScope): Promise<{ customerId: string }> {
  const [row] =
    'propertyId' in scope
      ? await db.select({ customerId: properties.customerId }).from(properties).where(eq(properties.id, scope.propertyId))
      : await db.select({ customerId: customers.id }).from(customers).where(eq(customers.id, scope.customerId));
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * The first month a customer's reports may cover, for the month menus: the month they became a
 * customer, or of their first visit when that is earlier (a customer entered with past visits).
 */
export async function firstReportMonth(db: Executor, customerId: string, today: string = localToday()): Promise<string> {
  const [customer] = await db.select({ createdAt: customers.createdAt }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError();
  const [first] = await db
    .select({ date: min(visits.scheduledDate) })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(eq(properties.customerId, customerId));
  const months = [reportMonthOf(localDateOf(customer.createdAt)), first?.date ? reportMonthOf(first.date) : null, reportMonthOf(today)];
  const earliest = months.filter((month): month is string => !!month).sort()[0]!;
  return earliest < FIRST_REPORT_MONTH ? FIRST_REPORT_MONTH : earliest;
}

/**
 * A month's report, ready to send: its file name and the PDF as a stream. Everything that can
 * refuse (the month, a full queue, the records) is settled before the first byte; the caller has
 * checked access. The PDF is drawn in a worker thread when its turn in the queue comes
 * (report-rendering.ts), and the turn is given back when the stream ends or is dropped.
 */
export async function monthlyReportPdf(
  db: Executor,
  storage: PhotoStorage,
  scope: ReportScope,
  month: string,
  today: string = localToday(),
): Promise<{ fileName: string; pdf: Readable }> {
  checkReportMonth(month, today);
  const release = await reportTurn();
  try {
    const report = await monthlyReportData(db, scope, month, today);
    return { fileName: monthlyReportFileName(report), pdf: renderInWorker(report, storage, release) };
  } catch (error) {
    release();
    throw error;
  }
}
