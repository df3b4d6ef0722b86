import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * The colours a status pill comes in, one meaning each wherever a status is shown (the inbox's
 * quote requests, estimates): new work is sky, in conversation violet, a price out amber, won or
 * accepted emerald, waiting on us orange, refused red, closed slate.
 */
export const PILL_TONES = {
  sky: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  violet: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  emerald: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-900/60 dark:text-orange-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  slate: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
} as const;
export type PillTone = keyof typeof PILL_TONES;

/** A status as a coloured word. */
export function Pill({
  tone,
  className,
  children,
  ...data
}: { tone: PillTone; className?: string; children: ReactNode } & Record<`data-${string}`, string | boolean>) {
  return (
    <span
      className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', PILL_TONES[tone], className)}
      {...data}
    >
      {children}
    </span>
  );
}
