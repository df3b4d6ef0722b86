import { cn } from '../../../lib/cn';

const styles: Record<string, string> = {
  before: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  after: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
};

/** Before is amber, after is green, anything else blue (SPEC §2). */
export function PhotoTypeBadge({ type, className }: { type: string; className?: string }) {
  return (
    <span
      data-photo-type={type}
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize',
        styles[type] ?? 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
        className,
      )}
    >
      {type}
    </span>
  );
}
