import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Person } from '../../../../shared/api/common';
import { moveVisitSchema, reassignVisitSchema, skipVisitSchema, type VisitChangeInput } from '../../../../shared/api/schedule';
import { SKIP_REASONS, SKIP_REASON_LABELS, type VisitStatus } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { CrewPicker } from '../../../components/ui/crew-picker';
import { FieldError, labelClass, useFieldIds } from '../../../components/ui/field';
import { Fieldset } from '../../../components/ui/fieldset';
import { Select } from '../../../components/ui/select';
import { inputClass, TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeVisit } from '../api/change-visit';
import { shortWeekdayDateText } from '../../../../shared/date-formats';

/** The visit a dialog changes: enough to say which one, and to offer what makes sense for it. */
export interface ChangeableVisit {
  id: string;
  date: string;
  status: VisitStatus;
  propertyName: string;
  crew: Person[];
}

const section = 'border-t border-slate-200 pt-4 dark:border-slate-700';
const sectionTitle = 'mb-3 text-base font-semibold text-slate-900 dark:text-white';

type Done = (message: string) => void;

function useSend(visit: ChangeableVisit, onDone: Done, message: (change: VisitChangeInput) => string) {
  const change = useChangeVisit();
  return async (values: VisitChangeInput) => {
    await change.mutateAsync({ id: visit.id, change: values });
    onDone(message(values));
  };
}

function MoveForm({ visit, onDone }: { visit: ChangeableVisit; onDone: Done }) {
  const id = useId();
  const send = useSend(
    visit,
    onDone,
    (change) => `${visit.propertyName} moved to ${shortWeekdayDateText((change as { date: string }).date)}.`,
  );
  const { register, submit, serverError, formState } = useSchemaForm(moveVisitSchema, { action: 'move', date: visit.date }, send);
  // The error goes under the whole row, the button too, so the field's parts are laid out here.
  const date = useFieldIds({ id: `${id}-date`, error: formState.errors.date?.message });
  return (
    <form onSubmit={submit} noValidate className={section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={sectionTitle}>
        Move to another day
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={date.id} className={labelClass}>
            New date
          </label>
          <input {...date.control} type="date" {...register('date')} className={inputClass} />
        </div>
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass({ size: 'md' })}>
          Move visit
        </button>
      </div>
      <FieldError id={date.errorId} error={formState.errors.date?.message} />
      <FormError>{serverError}</FormError>
    </form>
  );
}

function ReassignForm({ visit, crew, onDone }: { visit: ChangeableVisit; crew: Person[]; onDone: Done }) {
  const send = useSend(visit, onDone, (change) => {
    const ids = (change as { crewUserIds: string[] }).crewUserIds;
    return `${visit.propertyName} is now assigned to ${crew
      .filter((member) => ids.includes(member.id))
      .map((member) => member.name)
      .join(' and ')}.`;
  });
  const { register, submit, serverError, formState } = useSchemaForm(
    reassignVisitSchema,
    { action: 'reassign', crewUserIds: visit.crew.map((member) => member.id) },
    send,
  );
  return (
    <form onSubmit={submit} noValidate className={section}>
      <Fieldset legend="Reassign the crew" legendClassName={sectionTitle} error={formState.errors.crewUserIds?.message}>
        <CrewPicker crew={crew} field={register('crewUserIds')} empty="No crew members yet. Invite them on the Crew page." />
      </Fieldset>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={formState.isSubmitting || crew.length === 0} className={buttonClass()}>
          Reassign visit
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}

function SkipForm({ visit, onDone }: { visit: ChangeableVisit; onDone: Done }) {
  const send = useSend(visit, onDone, (change) => {
    const reason = (change as { reason: keyof typeof SKIP_REASON_LABELS }).reason;
    return `${visit.propertyName} on ${shortWeekdayDateText(visit.date)} skipped (${SKIP_REASON_LABELS[reason].toLowerCase()}).`;
  });
  const { register, submit, serverError, formState } = useSchemaForm(
    skipVisitSchema,
    { action: 'skip', reason: '' as 'weather', note: '' },
    send,
  );
  const { errors } = formState;
  return (
    <form onSubmit={submit} noValidate className={section}>
      <h3 className={sectionTitle}>Skip this visit</h3>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <Select label="Reason" {...register('reason')} error={errors.reason?.message}>
          <option value="" disabled>
            Choose a reason
          </option>
          {SKIP_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {SKIP_REASON_LABELS[reason]}
            </option>
          ))}
        </Select>
        <TextField
          label="Note (required for “Other”)"
          {...register('note')}
          error={errors.note?.message}
          placeholder="For example: lot closed for resealing"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass({ variant: 'secondary' })}>
          Skip visit
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}

/** A modal dialog (the browser's own, so focus and Escape work) with what staff can change on a visit as it stands. */
export function VisitChangeDialog({
  visit,
  crew,
  onClose,
  onDone,
  children,
}: {
  visit: ChangeableVisit;
  crew: Person[];
  onClose: () => void;
  onDone: Done;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  const done = (message: string) => {
    onDone(message);
    onClose();
  };
  const open = visit.status === 'scheduled' || visit.status === 'missed';
  const mayReassign = visit.status !== 'completed' && visit.status !== 'skipped';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="grid gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
              Change the visit to {visit.propertyName}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {shortWeekdayDateText(visit.date)}
              {visit.crew.length ? ` · ${visit.crew.map((member) => member.name).join(', ')}` : ' · No crew assigned'}
            </p>
          </div>
          <button type="button" onClick={onClose} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            <X className="size-4" aria-hidden="true" />
            Close
          </button>
        </div>
        {children}
        {open ? <MoveForm visit={visit} onDone={done} /> : null}
        {mayReassign ? <ReassignForm visit={visit} crew={crew} onDone={done} /> : null}
        {open ? <SkipForm visit={visit} onDone={done} /> : null}
        {!open && !mayReassign ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            This visit is {visit.status === 'completed' ? 'completed' : 'skipped'}: it can no longer be moved, reassigned or skipped. Open
            it to correct its record.
          </p>
        ) : null}
      </div>
    </dialog>
  );
}
