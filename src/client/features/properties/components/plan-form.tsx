import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { crewMemberName } from '../../../../shared/api/crew-members';
import { planInputSchema, type Plan, type PlanInput } from '../../../../shared/api/plans';
import { fieldErrors } from '../../../../shared/field-errors';
import { localToday } from '../../../../shared/local-dates';
import {
  describeRecurrence,
  LAST_DAY_OF_MONTH,
  MAX_WEEK_INTERVAL,
  NTH_NAMES,
  NO_WEEKDAY_MESSAGE,
  NTH_WEEKDAYS,
  parseRrule,
  toRrule,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type NthWeekday,
  type Recurrence,
  type Weekday,
} from '../../../../shared/recurrence';
import { CHECKLIST_MAX_ITEMS, INSTRUCTIONS_MAX } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { inputClass, TextField } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useCrewMembers } from '../../../api/get-crew-members';

/** What most lots get; the office edits it per property. */
export const DEFAULT_CHECKLIST = ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral'];

type Field = keyof PlanInput | 'form';
type Kind = Recurrence['kind'];

const KIND_LABELS: Record<Kind, string> = {
  weekly: 'Weekly',
  'monthly-day': 'Monthly, on a day',
  'monthly-weekday': 'Monthly, on a weekday',
};

const labelClass = 'mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200';
const errorClass = 'mt-1 text-sm font-medium text-red-700 dark:text-red-400';
const checkClass = 'size-5 rounded border-slate-400 accent-brand-700 dark:accent-brand-400';

function Fieldset({ legend, error, children, hint }: { legend: string; error?: string; children: ReactNode; hint?: string }) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className={labelClass}>{legend}</legend>
      {hint ? <p className="-mt-0.5 mb-2 text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      {children}
      {/* Live, so an error that appears as the fields change (no weekday ticked) is heard too. */}
      <div aria-live="polite">
        {error ? (
          <p id={`${id}-error`} className={errorClass}>
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
        {children}
      </select>
    </div>
  );
}

const ordinalDay = (day: number) => {
  if (day >= 11 && day <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
};

/** The recurrence builder: weekly on weekdays (every N weeks), or monthly on a day or an nth weekday. */
function RecurrenceFields({ value, onChange, error }: { value: Recurrence; onChange(value: Recurrence): void; error?: string }) {
  const name = useId();
  const [weekly, setWeekly] = useState<Extract<Recurrence, { kind: 'weekly' }>>(
    value.kind === 'weekly' ? value : { kind: 'weekly', weekdays: ['MO', 'TH'], interval: 1 },
  );
  const [monthlyDay, setMonthlyDay] = useState<Extract<Recurrence, { kind: 'monthly-day' }>>(
    value.kind === 'monthly-day' ? value : { kind: 'monthly-day', day: 15 },
  );
  const [monthlyWeekday, setMonthlyWeekday] = useState<Extract<Recurrence, { kind: 'monthly-weekday' }>>(
    value.kind === 'monthly-weekday' ? value : { kind: 'monthly-weekday', nth: 2, weekday: 'WE' },
  );
  const pick = (kind: Kind) => onChange(kind === 'weekly' ? weekly : kind === 'monthly-day' ? monthlyDay : monthlyWeekday);
  const update = <R extends Recurrence>(next: R, keep: (next: R) => void) => {
    keep(next);
    onChange(next);
  };
  // Said once, as the field's error, and only while no weekday is ticked: never beside the server's
  // message about the RRULE (whose example days are not the ones chosen), nor after a day is ticked.
  const noWeekday = value.kind === 'weekly' && value.weekdays.length === 0;

  return (
    <Fieldset legend="Repeats" error={noWeekday ? NO_WEEKDAY_MESSAGE : error}>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {(Object.keys(KIND_LABELS) as Kind[]).map((kind) => (
          <label key={kind} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input type="radio" name={name} checked={value.kind === kind} onChange={() => pick(kind)} className={checkClass} />
            {KIND_LABELS[kind]}
          </label>
        ))}
      </div>

      {value.kind === 'weekly' ? (
        <div className="mt-3 grid gap-3">
          <fieldset>
            <legend className="sr-only">On these days</legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAYS.map((day) => {
                const checked = value.weekdays.includes(day);
                return (
                  <label
                    key={day}
                    className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 dark:border-slate-600 dark:text-slate-200 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-900/50 dark:has-[:checked]:text-brand-100"
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() =>
                        update(
                          { ...value, weekdays: checked ? value.weekdays.filter((d) => d !== day) : [...value.weekdays, day] },
                          setWeekly,
                        )
                      }
                      className={checkClass}
                    />
                    <span aria-hidden="true">{WEEKDAY_NAMES[day].slice(0, 3)}</span>
                    <span className="sr-only">{WEEKDAY_NAMES[day]}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="max-w-48">
            <Select
              label="Every"
              value={String(value.interval)}
              onChange={(interval) => update({ ...value, interval: Number(interval) }, setWeekly)}
            >
              {Array.from({ length: MAX_WEEK_INTERVAL }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? 'week' : `${n} weeks`}
                </option>
              ))}
            </Select>
          </div>
        </div>
      ) : value.kind === 'monthly-day' ? (
        <div className="mt-3 max-w-48">
          <Select
            label="Day of the month"
            value={String(value.day)}
            onChange={(day) => update({ ...value, day: Number(day) }, setMonthlyDay)}
          >
            {Array.from({ length: 31 }, (_, i) => i + 1).map((day) => (
              <option key={day} value={day}>
                {ordinalDay(day)}
              </option>
            ))}
            <option value={LAST_DAY_OF_MONTH}>Last day</option>
          </Select>
        </div>
      ) : (
        <div className="mt-3 grid max-w-md grid-cols-2 gap-3">
          <Select
            label="Which"
            value={String(value.nth)}
            onChange={(nth) => update({ ...value, nth: Number(nth) as NthWeekday }, setMonthlyWeekday)}
          >
            {NTH_WEEKDAYS.map((nth) => (
              <option key={nth} value={nth}>
                {NTH_NAMES[nth][0]!.toUpperCase() + NTH_NAMES[nth].slice(1)}
              </option>
            ))}
          </Select>
          <Select
            label="Weekday"
            value={value.weekday}
            onChange={(weekday) => update({ ...value, weekday: weekday as Weekday }, setMonthlyWeekday)}
          >
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {WEEKDAY_NAMES[day]}
              </option>
            ))}
          </Select>
        </div>
      )}
      <p className="mt-3 text-sm font-medium text-slate-900 dark:text-white" aria-live="polite">
        {noWeekday ? null : describeRecurrence(value)}
      </p>
    </Fieldset>
  );
}

interface FormState {
  name: string;
  recurrence: Recurrence;
  startDate: string;
  endDate: string;
  anytime: boolean;
  from: string;
  to: string;
  checklist: string[];
  crewUserIds: string[];
  instructions: string;
}

function initialState(plan?: Plan): FormState {
  const parsed = plan ? parseRrule(plan.rrule) : null;
  return {
    name: plan?.name ?? '',
    recurrence: parsed?.ok ? parsed.recurrence : { kind: 'weekly', weekdays: ['MO', 'TH'], interval: 1 },
    startDate: plan?.startDate ?? localToday(),
    endDate: plan?.endDate ?? '',
    anytime: plan ? !plan.window : true,
    from: plan?.window?.from ?? '06:00',
    to: plan?.window?.to ?? '10:00',
    checklist: plan?.checklist.length ? plan.checklist : DEFAULT_CHECKLIST,
    crewUserIds: plan?.crewUserIds ?? [],
    instructions: plan?.instructions ?? '',
  };
}

/** A plan's form, for adding and editing: recurrence, dates, window, checklist, crew and instructions. */
export function PlanForm({
  plan,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  plan?: Plan;
  submitLabel: string;
  onSubmit(input: PlanInput): Promise<unknown>;
  onCancel?(): void;
}) {
  const crew = useCrewMembers();
  const windowName = useId();
  const [state, setState] = useState<FormState>(() => initialState(plan));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((old) => ({ ...old, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const input = {
      name: state.name,
      rrule: state.recurrence.kind === 'weekly' && !state.recurrence.weekdays.length ? 'FREQ=WEEKLY' : toRrule(state.recurrence),
      startDate: state.startDate,
      endDate: state.endDate.trim() === '' ? null : state.endDate,
      window: state.anytime ? null : { from: state.from, to: state.to },
      checklist: state.checklist,
      crewUserIds: state.crewUserIds,
      instructions: state.instructions,
    };
    const parsed = planInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.data?.errors) setErrors(error.data.errors as Partial<Record<Field, string>>);
      setProblem(failureMessage('save the plan', error as Error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <div className="max-w-md">
        <TextField
          label="Plan name"
          placeholder="Twice-weekly lot sweep"
          value={state.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
        />
      </div>

      <RecurrenceFields
        value={state.recurrence}
        onChange={(recurrence) => {
          set('recurrence', recurrence);
          // The error was about the recurrence as it was.
          setErrors(({ rrule: _old, ...others }) => others);
        }}
        error={errors.rrule}
      />

      <div className="grid max-w-md grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="Start date"
          type="date"
          value={state.startDate}
          onChange={(event) => set('startDate', event.target.value)}
          error={errors.startDate}
        />
        <TextField
          label="End date (optional)"
          type="date"
          value={state.endDate}
          min={state.startDate}
          onChange={(event) => set('endDate', event.target.value)}
          error={errors.endDate}
        />
      </div>

      <Fieldset
        legend="Time window"
        error={errors.window}
        hint="Without a window, the visit is done any time that day, on the crew’s route."
      >
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input type="radio" name={windowName} checked={state.anytime} onChange={() => set('anytime', true)} className={checkClass} />
            Anytime
          </label>
          <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input type="radio" name={windowName} checked={!state.anytime} onChange={() => set('anytime', false)} className={checkClass} />
            Between set times
          </label>
        </div>
        {state.anytime ? null : (
          <div className="mt-2 grid max-w-md grid-cols-2 gap-3">
            <TextField label="From" type="time" value={state.from} onChange={(event) => set('from', event.target.value)} />
            <TextField label="To" type="time" value={state.to} onChange={(event) => set('to', event.target.value)} />
          </div>
        )}
      </Fieldset>

      <Fieldset legend="Checklist" error={errors.checklist} hint="The crew ticks each item on their phone, in this order.">
        <ol className="grid gap-2">
          {state.checklist.map((item, index) => (
            <li key={index} className="flex items-center gap-2">
              <span className="w-6 shrink-0 text-right text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
                {index + 1}.
              </span>
              <input
                aria-label={`Checklist item ${index + 1}`}
                value={item}
                onChange={(event) =>
                  set(
                    'checklist',
                    state.checklist.map((old, i) => (i === index ? event.target.value : old)),
                  )
                }
                className={inputClass}
              />
              <button
                type="button"
                onClick={() =>
                  set(
                    'checklist',
                    state.checklist.filter((_, i) => i !== index),
                  )
                }
                className={buttonClass({ variant: 'ghost', size: 'sm', className: 'size-11 shrink-0 px-0' })}
              >
                <X className="size-4" aria-hidden="true" />
                <span className="sr-only">Remove checklist item {index + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        {state.checklist.length < CHECKLIST_MAX_ITEMS ? (
          <button
            type="button"
            onClick={() => set('checklist', [...state.checklist, ''])}
            className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
          >
            <Plus className="size-4" aria-hidden="true" /> Add an item
          </button>
        ) : null}
      </Fieldset>

      <Fieldset
        legend="Crew"
        error={errors.crewUserIds}
        hint="Each visit is assigned to them; staff can reassign a single visit on the schedule."
      >
        {crew.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading the crew…</p>
        ) : crew.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Could not load the crew. Refresh the page to try again.
          </p>
        ) : crew.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No crew members yet. Visits can be assigned once a crew member is invited.
          </p>
        ) : (
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {crew.data.map((member) => {
              const checked = state.crewUserIds.includes(member.id);
              return (
                <label key={member.id} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() =>
                      set('crewUserIds', checked ? state.crewUserIds.filter((id) => id !== member.id) : [...state.crewUserIds, member.id])
                    }
                    className={checkClass}
                  />
                  {crewMemberName(member)}
                </label>
              );
            })}
          </div>
        )}
      </Fieldset>

      <InstructionsField value={state.instructions} onChange={(value) => set('instructions', value)} error={errors.instructions} />

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={submitting} className={buttonClass()}>
          {submitting ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClass({ variant: 'ghost' })}>
            Cancel
          </button>
        ) : null}
      </div>
      <FormError>{problem}</FormError>
    </form>
  );
}

function InstructionsField({ value, onChange, error }: { value: string; onChange(value: string): void; error?: string }) {
  const id = useId();
  return (
    <div className="max-w-2xl">
      <label htmlFor={id} className={labelClass}>
        Instructions for the crew (optional)
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={INSTRUCTIONS_MAX}
        value={value}
        placeholder="Gate code, where to park the truck, which bins the tenant empties…"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      {error ? (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
