import { CalendarX, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { crewMemberName } from '../../../../shared/api/crew-members';
import { planEndSchema, type Plan } from '../../../../shared/api/plans';
import { localToday } from '../../../../shared/local-dates';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { useEndPlan } from '../api/end-plan';
import { useCrewMembers } from '../../../api/get-crew-members';
import { useUpdatePlan } from '../api/update-plan';
import { PlanForm } from './plan-form';
import { mediumDateText, windowText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

function EndPlanForm({ plan, onDone }: { plan: Plan; onDone(): void }) {
  const end = useEndPlan();
  const [endDate, setEndDate] = useState(plan.endDate ?? localToday());
  const [dateError, setDateError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = planEndSchema.safeParse({ endDate });
    setDateError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    try {
      await end.mutateAsync({ id: plan.id, propertyId: plan.propertyId, endDate });
      onDone();
    } catch {
      // Shown below from end.error.
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-950">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The last visit is on the end date. Visits after it are removed, unless a crew has started them or staff changed them.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Last day of the plan"
          type="date"
          value={endDate}
          min={plan.startDate}
          onChange={(event) => setEndDate(event.target.value)}
          error={dateError}
        />
        <button type="submit" disabled={end.isPending} className={buttonClass({ size: 'sm', className: 'mb-0.5' })}>
          End plan
        </button>
        <button type="button" onClick={onDone} className={buttonClass({ variant: 'ghost', size: 'sm', className: 'mb-0.5' })}>
          Keep it running
        </button>
      </div>
      <FormError>{end.error ? failureMessage('end the plan', end.error) : null}</FormError>
    </form>
  );
}

/** One plan: what it makes, how often, for whom; edited or ended in place. */
export function PlanCard({ plan }: { plan: Plan }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'end'>('view');
  const update = useUpdatePlan();
  const crew = useCrewMembers();
  const mayUpdate = useRoleMay('update', 'servicePlan');
  const titleId = useId();
  const today = localToday();
  const ended = plan.endDate !== null && plan.endDate < today;
  const names = plan.crewUserIds.map((id) => {
    const member = crew.data?.find((m) => m.id === id);
    return member ? crewMemberName(member) : 'A former crew member';
  });

  if (mode === 'edit') {
    return (
      <article aria-labelledby={titleId} className={cardClass()}>
        <h3 id={titleId} className="mb-4 font-semibold text-slate-900 dark:text-white">
          Edit {plan.name}
        </h3>
        <p className="mb-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-950 dark:text-slate-300">
          Saving remakes this plan’s coming visits that nobody has touched. Past visits, visits a crew has started, and visits staff moved
          or reassigned stay as they are.
        </p>
        <PlanForm
          plan={plan}
          submitLabel="Save plan"
          onSubmit={async (input) => {
            await update.mutateAsync({ id: plan.id, propertyId: plan.propertyId, input });
            setMode('view');
          }}
          onCancel={() => setMode('view')}
        />
      </article>
    );
  }

  return (
    <article aria-labelledby={titleId} className={cardClass()}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {plan.name}
            {ended ? (
              <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                Ended
              </span>
            ) : null}
          </h3>
          <p className="mt-1 font-medium text-brand-800 dark:text-brand-200">{plan.description}</p>
        </div>
        {mayUpdate && mode === 'view' ? (
          <div className="flex gap-2">
            <button type="button" onClick={() => setMode('edit')} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit<span className="sr-only"> {plan.name}</span>
            </button>
            {ended ? null : (
              <button type="button" onClick={() => setMode('end')} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
                <CalendarX className="size-4" aria-hidden="true" />
                End<span className="sr-only"> {plan.name}</span>
              </button>
            )}
          </div>
        ) : null}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 xl:grid-cols-4">
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Dates</dt>
          <dd className="text-slate-900 dark:text-white">
            {plan.endDate
              ? `${mediumDateText(plan.startDate)} to ${mediumDateText(plan.endDate)}`
              : `From ${mediumDateText(plan.startDate)}, no end date`}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Window</dt>
          <dd className="text-slate-900 dark:text-white">{windowText(plan.window)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Crew</dt>
          <dd className="text-slate-900 dark:text-white">{names.length ? names.join(', ') : 'Not assigned yet'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Visits made through</dt>
          <dd className="text-slate-900 dark:text-white">{plan.generatedThrough ? mediumDateText(plan.generatedThrough) : '—'}</dd>
        </div>
      </dl>
      <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <h4 className="font-medium text-slate-600 dark:text-slate-400">Checklist</h4>
          <ol className="mt-1 list-decimal pl-5 text-slate-900 dark:text-white">
            {plan.checklist.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ol>
        </div>
        {plan.instructions ? (
          <div>
            <h4 className="font-medium text-slate-600 dark:text-slate-400">Instructions</h4>
            <p className="mt-1 whitespace-pre-line text-slate-900 dark:text-white">{plan.instructions}</p>
          </div>
        ) : null}
      </div>
      {mode === 'end' ? <EndPlanForm plan={plan} onDone={() => setMode('view')} /> : null}
    </article>
  );
}
