import { is, type ExtractTablesWithRelations } from 'drizzle-orm';
import { PgTransaction, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import type * as schema from './schema';

/** An open transaction on the app's database (either driver's). */
export type Transaction = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

/**
 * What every module function runs its queries on: the database itself, or a transaction a caller
 * has open. Modules compose through it: accepting an estimate calls createCustomer, createPlan and
 * the rest with one transaction, and all of it is stored or none.
 */
export type Executor = Db | Transaction;

/** Whether the executor is a transaction a caller has open. */
export const isTransaction = (executor: Executor): executor is Transaction => is(executor, PgTransaction);

/**
 * Runs `work` atomically without ever nesting: on the bare database it opens a transaction; given
 * a caller's transaction it runs in that one (no savepoint), so the caller's commit or rollback
 * decides for all of it. A module function that needs atomicity uses this, never `db.transaction`.
 */
export function inTransaction<T>(executor: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return isTransaction(executor) ? work(executor) : executor.transaction(work);
}
