import { UserX } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';

/**
 * How many of the week's visits still to do have nobody assigned (a new agreement's property
 * accepted without a crew, a plan without one), and a switch to show only those while the office
 * assigns them. Nothing when every visit has a crew.
 */
export function NeedsCrewNotice({ count, onlyThose, onToggle }: { count: number; onlyThose: boolean; onToggle: () => void }) {
  if (count === 0 && !onlyThose) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-orange-300 bg-orange-50 px-5 py-3 dark:border-orange-800 dark:bg-orange-950/40"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-orange-950 dark:text-orange-100" data-needs-crew-count={count}>
        <UserX className="size-4" aria-hidden="true" />
        {count === 0
          ? 'Every visit this week has a crew now.'
          : count === 1
            ? '1 visit this week needs a crew.'
            : `${count} visits this week need a crew.`}
      </p>
      <button type="button" aria-pressed={onlyThose} onClick={onToggle} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        {onlyThose ? 'Show every visit' : 'Show only the visits that need a crew'}
      </button>
    </div>
  );
}
