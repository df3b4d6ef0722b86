import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { localToday } from '../../../shared/local-dates';
import { reportMonthProblem } from '../../../shared/report-months';
import type { Db } from '../../db/database';
import { customers, properties } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import type { PhotoStorage } from '../photos/photo-store';
import { monthlyReportData, type ReportScope } from './monthly-report-data';
import { monthlyReportFileName } from './monthly-report-pdf';
import { renderInWorker, reportTurn } from './report-rendering';

/** A month a report can be made for, else a 400 that says what to send (YYYY-MM, not in the future). */
export function checkReportMonth(month: string, today: string = localToday()): void {
  const problem = reportMonthProblem(month, today);
  if (problem) throw new RequestError(400, problem, { month: problem });
}

/** The customer a report belongs to, for the caller's access check; NotFoundError for an unknown property or customer. */
export async function reportOwner(db: Db, scope: ReportScope): Promise<{ customerId: string }> {
  const [row] =
    'propertyId' in scope
      ? await db.select({ customerId: properties.customerId }).from(properties).where(eq(properties.id, scope.propertyId))
      : await db.select({ customerId: customers.id }).from(customers).where(eq(customers.id, scope.customerId));
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * A month's report, ready to send: its file name and the PDF as a stream. Everything that can
 * refuse (the month, a full queue, the records) is settled before the first byte; the caller has
 * checked access. The PDF is drawn in a worker thread when its turn in the queue comes
 * (report-rendering.ts), and the turn is given back when the stream ends or is dropped.
 */
export async function monthlyReportPdf(
  db: Db,
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
