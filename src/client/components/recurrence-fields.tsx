import { useId, useState, type ReactNode } from 'react';
import {
  describeRecurrence,
  LAST_DAY_OF_MONTH,
  MAX_WEEK_INTERVAL,
  NO_WEEKDAY_MESSAGE,
  NTH_NAMES,
  NTH_WEEKDAYS,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type NthWeekday,
  type Recurrence,
  type Weekday,
} from '../../shared/recurrence';
import { Fieldset } from './ui/fieldset';
import { Select } from './ui/select';
import { checkClass, choiceClass } from './ui/choice-styles';

type Kind = Recurrence['kind'];
type Weekly = Extract<Recurrence, { kind: 'weekly' }>;
type MonthlyDay = Extract<Recurrence, { kind: 'monthly-day' }>;
type MonthlyWeekday = Extract<Recurrence, { kind: 'monthly-weekday' }>;

const KIND_LABELS: Record<Kind, string> = {
  weekly: 'Weekly',
  'monthly-day': 'Monthly, on a day',
  'monthly-weekday': 'Monthly, on a weekday',
};

const dayBoxClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 dark:border-slate-600 dark:text-slate-200 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-900/50 dark:has-[:checked]:text-brand-100';

const ordinalDay = (day: number) => {
  if (day >= 11 && day <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
};

/** Weekly: the weekdays ticked, every N weeks. */
function WeeklyFields({ value, onChange }: { value: Weekly; onChange(value: Weekly): void }) {
  const toggle = (day: Weekday) =>
    onChange({ ...value, weekdays: value.weekdays.includes(day) ? value.weekdays.filter((d) => d !== day) : [...value.weekdays, day] });
  return (
    <div className="mt-3 grid gap-3">
      <fieldset>
        <legend className="sr-only">On these days</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className={dayBoxClass}>
              <input type="checkbox" checked={value.weekdays.includes(day)} onChange={() => toggle(day)} className={checkClass} />
              <span aria-hidden="true">{WEEKDAY_NAMES[day].slice(0, 3)}</span>
              <span className="sr-only">{WEEKDAY_NAMES[day]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Select
        label="Every"
        className="max-w-48"
        value={String(value.interval)}
        onChange={(event) => onChange({ ...value, interval: Number(event.target.value) })}
      >
        {Array.from({ length: MAX_WEEK_INTERVAL }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n === 1 ? 'week' : `${n} weeks`}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Monthly on a day: the 1st to the 31st, or the last day. */
function MonthlyDayFields({ value, onChange }: { value: MonthlyDay; onChange(value: MonthlyDay): void }) {
  return (
    <Select
      label="Day of the month"
      className="mt-3 max-w-48"
      value={String(value.day)}
      onChange={(event) => onChange({ ...value, day: Number(event.target.value) })}
    >
      {Array.from({ length: 31 }, (_, i) => i + 1).map((day) => (
        <option key={day} value={day}>
          {ordinalDay(day)}
        </option>
      ))}
      <option value={LAST_DAY_OF_MONTH}>Last day</option>
    </Select>
  );
}

/** Monthly on a weekday: the first to the fourth, or the last, of a weekday. */
function MonthlyWeekdayFields({ value, onChange }: { value: MonthlyWeekday; onChange(value: MonthlyWeekday): void }) {
  return (
    <div className="mt-3 grid max-w-md grid-cols-2 gap-3">
      <Select
        label="Which"
        value={String(value.nth)}
        onChange={(event) => onChange({ ...value, nth: Number(event.target.value) as NthWeekday })}
      >
        {NTH_WEEKDAYS.map((nth) => (
          <option key={nth} value={nth}>
            {NTH_NAMES[nth][0]!.toUpperCase() + NTH_NAMES[nth].slice(1)}
          </option>
        ))}
      </Select>
      <Select label="Weekday" value={value.weekday} onChange={(event) => onChange({ ...value, weekday: event.target.value as Weekday })}>
        {WEEKDAYS.map((day) => (
          <option key={day} value={day}>
            {WEEKDAY_NAMES[day]}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * The recurrence builder: weekly on weekdays (every N weeks), or monthly on a day or an nth
 * weekday. Each kind keeps its own choice, so switching kinds and back loses nothing. The plan form
 * and an estimate's lines (whose recurrences become the plans on acceptance) both use it.
 */
export function RecurrenceFields({
  value,
  onChange,
  error,
  legend = 'Repeats',
}: {
  value: Recurrence;
  onChange(value: Recurrence): void;
  error?: string;
  /** The group's name: an estimate's line says which service repeats. */
  legend?: ReactNode;
}) {
  const name = useId();
  const [kept, setKept] = useState<{ weekly: Weekly; 'monthly-day': MonthlyDay; 'monthly-weekday': MonthlyWeekday }>(() => ({
    weekly: { kind: 'weekly', weekdays: ['MO', 'TH'], interval: 1 },
    'monthly-day': { kind: 'monthly-day', day: 15 },
    'monthly-weekday': { kind: 'monthly-weekday', nth: 2, weekday: 'WE' },
    [value.kind]: value,
  }));
  const update = (next: Recurrence) => {
    setKept((old) => ({ ...old, [next.kind]: next }));
    onChange(next);
  };
  // Said once, as the field's error, and only while no weekday is ticked: never beside the server's
  // message about the RRULE (whose example days are not the ones chosen), nor after a day is ticked.
  const noWeekday = value.kind === 'weekly' && value.weekdays.length === 0;

  return (
    <Fieldset legend={legend} error={noWeekday ? NO_WEEKDAY_MESSAGE : error}>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {(Object.keys(KIND_LABELS) as Kind[]).map((kind) => (
          <label key={kind} className={choiceClass}>
            <input type="radio" name={name} checked={value.kind === kind} onChange={() => onChange(kept[kind])} className={checkClass} />
            {KIND_LABELS[kind]}
          </label>
        ))}
      </div>
      {value.kind === 'weekly' ? (
        <WeeklyFields value={value} onChange={update} />
      ) : value.kind === 'monthly-day' ? (
        <MonthlyDayFields value={value} onChange={update} />
      ) : (
        <MonthlyWeekdayFields value={value} onChange={update} />
      )}
      <p className="mt-3 text-sm font-medium text-slate-900 dark:text-white" aria-live="polite">
        {noWeekday ? null : describeRecurrence(value)}
      </p>
    </Fieldset>
  );
}
