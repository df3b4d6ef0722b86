import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { cardClass } from './card';
import { TableHead } from './table-head';

/** A cell of a list table; `tdQuiet` for its secondary text. */
export const td = 'px-4 py-3 align-top';
export const tdQuiet = 'text-slate-600 dark:text-slate-400';

const th = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';

/** A column: its heading, and the classes that decide from which width it shows (a phone sees the first ones). */
export type ListColumn = readonly [label: string, shown: string];

/**
 * The console's lists of records (estimates, invoices): a card holding a table with a caption for
 * assistive technology, the columns' headings, and one `ListRow` per record.
 */
export function ListTable({ caption, columns, children }: { caption: string; columns: readonly ListColumn[]; children: ReactNode }) {
  return (
    <div className={cardClass({ padding: '', className: 'overflow-x-auto' })}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          columns={columns}
          cellClass={th}
          className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/60"
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

/** A record's row, lit on hover. */
export function ListRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number>) {
  return <tr className={cn('text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/50', className)} {...props} />;
}

/** The record's own link in its first cell: its number, to its page. */
export const recordLinkClass = 'font-semibold text-brand-700 tabular-nums hover:underline dark:text-brand-300';
