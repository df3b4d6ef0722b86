import type { Person } from '../../../../shared/api/common';
import type { ScheduleVisit } from '../../../../shared/api/schedule';
import { cn } from '../../../lib/cn';
import { VisitCard } from './visit-card';
import { fullDateText, shortWeekdayDateText } from '../../../../shared/date-formats';

interface CrewRow {
  key: string;
  label: string;
  visits: ScheduleVisit[];
}

/** The week's rows: each crew member (even with nothing this week), then the teams that work together, then unassigned visits. */
function crewRows(crew: Person[], visits: ScheduleVisit[]): CrewRow[] {
  const rows = new Map<string, CrewRow>();
  for (const member of crew) rows.set(member.id, { key: member.id, label: member.name, visits: [] });
  for (const visit of visits) {
    const key = visit.crew.length
      ? visit.crew
          .map((member) => member.id)
          .sort()
          .join('+')
      : 'unassigned';
    if (!rows.has(key)) {
      rows.set(key, {
        key,
        label: visit.crew.length ? visit.crew.map((member) => member.name).join(' & ') : 'No crew assigned',
        visits: [],
      });
    }
    rows.get(key)!.visits.push(visit);
  }
  return [...rows.values()];
}

/** The week as a grid, days across and crews down (wide screens). */
export function WeekGrid({
  days,
  today,
  crew,
  visits,
  onChange,
}: {
  days: string[];
  today: string;
  crew: Person[];
  visits: ScheduleVisit[];
  onChange?: (visit: ScheduleVisit) => void;
}) {
  const rows = crewRows(crew, visits);
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-slate-100/60 dark:border-slate-800 dark:bg-slate-900/40">
      <table className="w-full min-w-[64rem] table-fixed border-collapse text-left">
        <caption className="sr-only">Visits this week, by day and crew</caption>
        <thead>
          <tr>
            <th scope="col" className="w-28 p-3 text-sm font-semibold text-slate-700 dark:text-slate-300">
              Crew
            </th>
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                aria-current={day === today ? 'date' : undefined}
                className={cn(
                  'p-3 text-sm font-semibold text-slate-700 dark:text-slate-300',
                  day === today && 'text-brand-800 dark:text-brand-200',
                )}
              >
                {shortWeekdayDateText(day)}
                {day === today ? (
                  <span className="ml-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs text-white dark:bg-brand-400 dark:text-slate-950">
                    Today
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={8} className="p-8 text-center text-slate-600 dark:text-slate-400">
                No crew members and no visits this week.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-200 align-top dark:border-slate-800">
                <th scope="row" className="p-3 text-sm font-semibold text-slate-900 dark:text-white">
                  {row.label}
                </th>
                {days.map((day) => {
                  const visitsThatDay = row.visits.filter((visit) => visit.scheduledDate === day);
                  return (
                    <td key={day} className={cn('p-1.5', day === today && 'bg-brand-50/70 dark:bg-brand-950/40')}>
                      <div className="grid gap-1.5">
                        {visitsThatDay.map((visit) => (
                          <VisitCard key={visit.id} visit={visit} showCrew={false} onChange={onChange} />
                        ))}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The week as a list, day by day (phones). */
export function DayList({
  days,
  today,
  visits,
  onChange,
}: {
  days: string[];
  today: string;
  visits: ScheduleVisit[];
  onChange?: (visit: ScheduleVisit) => void;
}) {
  return (
    <div className="grid gap-6">
      {days.map((day) => {
        const visitsThatDay = visits.filter((visit) => visit.scheduledDate === day);
        return (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`} className="mb-2 flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
              {fullDateText(day)}
              {day === today ? (
                <span className="rounded bg-brand-700 px-1.5 py-0.5 text-xs text-white dark:bg-brand-400 dark:text-slate-950">Today</span>
              ) : null}
            </h2>
            {visitsThatDay.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No visits.</p>
            ) : (
              <div className="grid gap-2">
                {visitsThatDay.map((visit) => (
                  <VisitCard key={visit.id} visit={visit} showCrew onChange={onChange} />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
