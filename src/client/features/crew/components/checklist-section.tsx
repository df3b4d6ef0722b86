import { Check } from 'lucide-react';
import { enqueue } from '../api/outbox';
import type { LocalVisit } from '../hooks/use-local-visit';
import { timeOfDayText } from './format';

/** The visit's checklist, item by item: each tick is saved on the phone at once, with its time. */
export function ChecklistSection({ visit, readOnly }: { visit: LocalVisit; readOnly: boolean }) {
  if (!visit.checklist.length) return null;
  const done = visit.checklist.filter((item) => item.doneAt).length;
  return (
    <section
      aria-labelledby="checklist-heading"
      className="rounded-2xl border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="checklist-heading" className="text-xl font-bold text-slate-950 dark:text-white">
          Checklist
        </h2>
        <p className="text-base font-semibold text-slate-700 dark:text-slate-300">
          {done} of {visit.checklist.length} done
        </p>
      </div>
      <ul className="mt-3 space-y-2">
        {visit.checklist.map((item) => {
          const checked = Boolean(item.doneAt);
          return (
            <li key={item.position}>
              <label
                className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                  checked
                    ? 'border-emerald-600 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950'
                    : 'border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900'
                } ${readOnly ? 'cursor-default' : ''}`}
              >
                <input
                  type="checkbox"
                  className="peer sr-only"
                  checked={checked}
                  disabled={readOnly}
                  onChange={(event) =>
                    void enqueue({
                      type: 'checklist',
                      visitId: visit.id,
                      position: item.position,
                      done: event.target.checked,
                      at: new Date().toISOString(),
                    })
                  }
                />
                <span
                  aria-hidden="true"
                  className={`flex size-8 shrink-0 items-center justify-center rounded-lg border-2 ${
                    checked
                      ? 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-slate-950'
                      : 'border-slate-500 dark:border-slate-400'
                  }`}
                >
                  {checked ? <Check className="size-6" strokeWidth={3} /> : null}
                </span>
                <span className="flex-1 text-lg font-semibold text-slate-950 dark:text-white">{item.label}</span>
                {item.doneAt ? <span className="text-sm text-slate-700 dark:text-slate-300">{timeOfDayText(item.doneAt)}</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
