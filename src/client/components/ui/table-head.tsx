import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A column's heading: its words (or a visually hidden name), and its own classes (width, alignment, from which width it shows). */
export type HeadColumn = readonly [label: ReactNode, className?: string];

/**
 * A table's row of column headings, each a `th scope="col"` with the table's `cellClass` and its own.
 * For a last column flush with the card's edge, give `cellClass` a `last:pr-0`.
 */
export function TableHead({ columns, className, cellClass }: { columns: readonly HeadColumn[]; className?: string; cellClass: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map(([label, own], index) => (
          <th key={index} scope="col" className={cn(cellClass, own)}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
