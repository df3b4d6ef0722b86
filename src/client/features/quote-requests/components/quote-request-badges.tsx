import { Siren } from 'lucide-react';
import type { QuoteRequestStatus } from '../../../../shared/constants';
import { cn } from '../../../lib/cn';

const statusStyles: Record<QuoteRequestStatus, string> = {
  new: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  contacted: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
  quoted: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  won: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  lost: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  spam: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

/** Where staff are with a request, as a coloured word. */
export function StatusBadge({ status, className }: { status: QuoteRequestStatus; className?: string }) {
  return (
    <span
      data-status-badge
      className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', statusStyles[status], className)}
    >
      {status}
    </span>
  );
}

/**
 * An emergency (src/shared/urgency.ts): solid red while it is still new and waits for a call,
 * an outline once someone has picked it up.
 */
export function UrgentBadge({ waiting, className }: { waiting: boolean; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold uppercase tracking-wide whitespace-nowrap',
        waiting ? 'bg-red-700 text-white' : 'border border-red-300 text-red-800 dark:border-red-800 dark:text-red-300',
        className,
      )}
    >
      <Siren className="size-3.5" aria-hidden="true" />
      Urgent
    </span>
  );
}
