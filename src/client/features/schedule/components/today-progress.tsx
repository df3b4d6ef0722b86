import { CalendarX, CircleCheckBig, Clock, ListTodo } from 'lucide-react';
import type { TodayProgress as Progress } from '../../../../shared/api/schedule';
import { cn } from '../../../lib/cn';
import { fullDateText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

/** Today's visits at a glance: done, in progress, still to do, and missed (yesterday's and older are in the week). */
export function TodayProgress({ progress }: { progress: Progress }) {
  const total = progress.done + progress.inProgress + progress.toDo + progress.missed;
  const items = [
    { label: 'Done', value: progress.done, icon: CircleCheckBig, tone: 'text-emerald-700 dark:text-emerald-400' },
    { label: 'In progress', value: progress.inProgress, icon: Clock, tone: 'text-sky-700 dark:text-sky-400' },
    { label: 'Still to do', value: progress.toDo, icon: ListTodo, tone: 'text-slate-700 dark:text-slate-300' },
    { label: 'Missed', value: progress.missed, icon: CalendarX, tone: 'text-red-700 dark:text-red-400' },
  ];
  return (
    <section aria-labelledby="today-title" className={cardClass({ padding: 'p-5' })}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Today
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {fullDateText(progress.date)} · {total === 0 ? 'no visits' : `${progress.done} of ${total} visits done`}
          {progress.skipped ? ` · ${progress.skipped} skipped` : ''}
        </p>
      </div>
      {total > 0 ? (
        // Drawn as SVG: its widths are attributes, where a style attribute in the server's render would break the CSP.
        <div
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          role="img"
          aria-label={`${progress.done} done, ${progress.inProgress} in progress, ${progress.toDo} still to do, ${progress.missed} missed`}
        >
          <svg className="block size-full" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true">
            {[
              { value: progress.done, className: 'fill-emerald-600' },
              { value: progress.inProgress, className: 'fill-sky-500' },
              { value: progress.missed, className: 'fill-red-500' },
            ].map((part, index, parts) => {
              const before = parts.slice(0, index).reduce((sum, previous) => sum + previous.value, 0);
              return (
                <rect
                  key={part.className}
                  x={(before / total) * 100}
                  width={(part.value / total) * 100}
                  height="1"
                  className={part.className}
                />
              );
            })}
          </svg>
        </div>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-950">
            <dt className={cn('flex items-center gap-1.5 text-sm font-medium', item.tone)}>
              <item.icon className="size-4" aria-hidden="true" />
              {item.label}
            </dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
