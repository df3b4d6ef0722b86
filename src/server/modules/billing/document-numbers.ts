import { sql } from 'drizzle-orm';
import { documentNumber, type NumberSeries } from '../../../shared/invoices';
import type { Executor } from '../../db/executor';
import { documentNumbers } from '../../db/schema';

/**
 * The next number of a series in a year, taken in the caller's transaction: the counter's row is
 * locked until it commits, so two instances numbering at once take turns, and a rollback (or a
 * process killed before the commit) gives the number back. The series has no gaps.
 */
export async function nextDocumentNumber(tx: Executor, series: NumberSeries, year: number): Promise<string> {
  const [row] = await tx
    .insert(documentNumbers)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [documentNumbers.series, documentNumbers.year], set: { last: sql`${documentNumbers.last} + 1` } })
    .returning({ last: documentNumbers.last });
  return documentNumber(series, year, row!.last);
}
