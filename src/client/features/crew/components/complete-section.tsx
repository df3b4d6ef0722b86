import { CircleCheckBig } from 'lucide-react';
import { completeVisitFormSchema } from '../../../../shared/api/crew-rules';
import { VISIT_NOTE_MAX } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useLightSchemaForm } from '../../../lib/use-light-schema-form';
import { enqueue } from '../api/outbox';
import type { LocalVisit } from '../hooks/use-local-visit';
import { crewControlClass, crewField } from './crew-field';
import { plural, timeOfDayText as timeOfDay } from './format';

/** The end of the visit: a note for the office, and Complete visit (the check-out time). */
export function CompleteSection({ visit }: { visit: LocalVisit }) {
  const form = useLightSchemaForm(completeVisitFormSchema, { note: '' }, ({ note }) =>
    enqueue({ type: 'complete', visitId: visit.id, note, at: new Date().toISOString() }),
  );
  if (visit.status === 'completed') {
    return (
      <section
        aria-labelledby="done-heading"
        className="rounded-2xl border-2 border-emerald-600 bg-emerald-50 p-4 dark:border-emerald-500 dark:bg-emerald-950"
      >
        <h2 id="done-heading" className="flex items-center gap-2 text-xl font-bold text-emerald-950 dark:text-emerald-50">
          <CircleCheckBig className="size-6 shrink-0" aria-hidden="true" />
          Visit completed{visit.checkedOutAt ? ` at ${timeOfDay(visit.checkedOutAt)}` : ''}
        </h2>
        {visit.note ? <p className="mt-2 text-base text-slate-900 dark:text-slate-100">Your note: {visit.note}</p> : null}
        {visit.completionWaiting ? (
          <p className="mt-2 text-base text-slate-800 dark:text-slate-200">
            Saved on this phone; it goes to the office with the photos when there is signal.
          </p>
        ) : null}
      </section>
    );
  }
  const open = visit.checklist.filter((item) => !item.doneAt).length;
  return (
    <section
      aria-labelledby="finish-heading"
      className="rounded-2xl border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="finish-heading" className="text-xl font-bold text-slate-950 dark:text-white">
        Finish
      </h2>
      <form aria-labelledby="finish-heading" noValidate onSubmit={(event) => void form.submit(event)}>
        <Field
          label={
            <>
              Note for the office <span className="font-normal text-slate-700 dark:text-slate-300">(optional)</span>
            </>
          }
          error={form.errors.note ?? form.serverError}
          className="mt-2"
          {...crewField}
        >
          {(control) => (
            <textarea {...control} {...form.field('note')} rows={3} maxLength={VISIT_NOTE_MAX} className={`${crewControlClass} py-2`} />
          )}
        </Field>
        {open ? (
          <p className="mt-2 text-base font-semibold text-amber-900 dark:text-amber-200">
            {plural(open, 'checklist item')} not ticked yet.
          </p>
        ) : null}
        <button
          type="submit"
          disabled={form.isSubmitting}
          className={buttonClass({ size: 'lg', className: 'mt-4 min-h-16 w-full text-xl' })}
        >
          <CircleCheckBig className="size-6 shrink-0" aria-hidden="true" />
          Complete visit
        </button>
      </form>
    </section>
  );
}
