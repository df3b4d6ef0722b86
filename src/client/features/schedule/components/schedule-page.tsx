import { CalendarPlus, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import type { ScheduleVisit } from '../../../../shared/api/schedule';
import { addDays, localToday, weekStartOf } from '../../../../shared/local-dates';
import { useRoleMay } from '../../../api/get-auth-user';
import { needsCrew } from '../../../components/needs-crew-badge';
import { buttonClass } from '../../../components/ui/button';
import { useSchedule } from '../api/get-schedule';
import { weekDays } from '../dates';
import { useMediaQuery } from '../hooks/use-media-query';
import { NeedsCrewNotice } from './needs-crew-notice';
import { OneOffVisitForm } from './one-off-visit-form';
import { TodayProgress } from './today-progress';
import { VisitChangeDialog } from './visit-change-dialog';
import { DayList, WeekGrid } from './week-views';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { withParam } from '../../../lib/search-params';
import { weekText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

const isWeekParam = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * /admin/schedule (?week=YYYY-MM-DD, a Monday): the week's visits by day and crew, today's progress,
 * the visits that need a crew, and the changes staff make.
 */
export default function SchedulePage() {
  const today = localToday();
  const [params, setParams] = useSearchParams();
  const weekParam = params.get('week');
  const monday = weekStartOf(isWeekParam(weekParam) ? weekParam : today);
  const days = weekDays(monday);
  const schedule = useSchedule(monday, days[6]!);
  const wide = useMediaQuery('(min-width: 64rem)');
  const mayCreate = useRoleMay('create', 'visit');
  const mayUpdate = useRoleMay('update', 'visit');
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<ScheduleVisit | null>(null);
  const [notice, setNotice] = useState('');
  const [onlyNeedingCrew, setOnlyNeedingCrew] = useState(false);
  const goTo = (week: string | null) => setParams((current) => withParam(current, 'week', week));
  const isThisWeek = monday === weekStartOf(today);
  const data = schedule.data;
  const needingCrew = data ? data.visits.filter(needsCrew) : [];
  const shown = onlyNeedingCrew ? needingCrew : (data?.visits ?? []);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Schedule</h1>
        {mayCreate ? (
          <button type="button" onClick={() => setAdding((open) => !open)} aria-expanded={adding} className={buttonClass()}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            Add a one-off visit
          </button>
        ) : null}
      </div>

      <SavedNotice notice={notice} />

      {adding && mayCreate && data ? (
        <section aria-labelledby="one-off-title" className={cardClass()}>
          <h2 id="one-off-title" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
            Add a one-off visit
          </h2>
          <OneOffVisitForm
            crew={data.crew}
            defaultDate={today >= monday && today <= days[6]! ? today : monday}
            onDone={(message) => {
              setNotice(message);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : null}

      {data ? <TodayProgress progress={data.today} /> : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white" aria-live="polite">
          Week of {weekText(monday)}
        </h2>
        <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
          <button type="button" onClick={() => goTo(addDays(monday, -7))} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            Previous week
          </button>
          <button
            type="button"
            onClick={() => goTo(null)}
            disabled={isThisWeek}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            This week
          </button>
          <button type="button" onClick={() => goTo(addDays(monday, 7))} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Next week
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </nav>
      </div>

      <NeedsCrewNotice count={needingCrew.length} onlyThose={onlyNeedingCrew} onToggle={() => setOnlyNeedingCrew((only) => !only)} />

      {schedule.isPending ? (
        <p className="text-slate-600 dark:text-slate-400">Loading the schedule...</p>
      ) : schedule.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Could not load the schedule. Please refresh the page.
        </p>
      ) : wide ? (
        <WeekGrid
          days={days}
          today={today}
          crew={onlyNeedingCrew ? [] : data!.crew}
          visits={shown}
          onChange={mayUpdate ? setChanging : undefined}
        />
      ) : (
        <DayList days={days} today={today} visits={shown} onChange={mayUpdate ? setChanging : undefined} />
      )}

      {changing && data ? (
        <VisitChangeDialog
          visit={{
            id: changing.id,
            date: changing.scheduledDate,
            status: changing.status,
            propertyName: changing.property.name,
            crew: changing.crew,
          }}
          crew={data.crew}
          onClose={() => setChanging(null)}
          onDone={setNotice}
        />
      ) : null}
    </div>
  );
}
