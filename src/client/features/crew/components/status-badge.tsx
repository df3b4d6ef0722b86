import { VISIT_STATUS_LABELS, type VisitKind, type VisitStatus } from '../../../../shared/visits';
import { cn } from '../../../lib/cn';

const tones: Record<VisitStatus, string> = {
  scheduled: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
  in_progress: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  completed: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-700',
  skipped: 'bg-slate-200 text-slate-800 ring-slate-400 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-500',
  missed: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-700',
};

/** A visit's status, in words and colour. */
export function StatusBadge({ status, className }: { status: VisitStatus; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-3 py-1 text-sm font-bold ring-1 ring-inset', tones[status], className)}>
      {VISIT_STATUS_LABELS[status]}
    </span>
  );
}

/** A prospect's free property assessment says so: photos and notes for the estimate, no service work. */
export function AssessmentLabel({ kind }: { kind: VisitKind }) {
  return kind === 'assessment' ? (
    <p className="mt-3 text-sm font-bold uppercase tracking-wide text-violet-800 dark:text-violet-300">Free property assessment</p>
  ) : null;
}
