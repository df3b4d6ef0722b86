import { sql, type AnyColumn } from 'drizzle-orm';

/**
 * Newest first, written to match the indexes: drizzle-kit creates `.desc()` index
 * columns as `DESC NULLS LAST`, while a plain `ORDER BY … DESC` means NULLS FIRST.
 * PostgreSQL reads an index for an ORDER BY only when the null order matches too
 * (even for NOT NULL columns), so a plain `desc()` made the inbox sort the whole table.
 */
export const descNullsLast = (column: AnyColumn) => sql`${column} desc nulls last`;
