import { Siren } from 'lucide-react';
import type { QuoteRequestStatus } from '../../../../shared/constants';
import { Pill, type PillTone } from '../../../components/ui/pill';
import { cn } from '../../../lib/cn';

const statusTones: Record<QuoteRequestStatus, PillTone> = {
  new: 'sky',
  contacted: 'violet',
  quoted: 'amber',
  won: 'emerald',
  lost: 'slate',
  spam: 'red',
};

/** Where staff are with a request, as a coloured word. */
export function StatusBadge({ status, className }: { status: QuoteRequestStatus; className?: string }) {
  return (
    <Pill tone={statusTones[status]} data-status-badge className={cn('capitalize', className)}>
      {status}
    </Pill>
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
