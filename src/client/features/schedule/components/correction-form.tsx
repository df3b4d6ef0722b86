import { useFieldArray } from 'react-hook-form';
import { z } from 'zod/mini';
import { correctVisitSchema, type VisitChangeInput, type VisitDetail } from '../../../../shared/api/schedule';
import { toChicagoLocal } from '../../../../shared/date-formats';
import { buttonClass } from '../../../components/ui/button';
import { Fieldset } from '../../../components/ui/fieldset';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeVisit } from '../api/change-visit';
import { fromChicagoLocal } from '../dates';

/**
 * The form's own fields: Milwaukee wall-clock times and the checklist as shown. The note is checked
 * by the contract's rule; the server checks the correction that is sent with the whole contract.
 */
const formSchema = z.object({
  checkedInAt: z.string(),
  checkedOutAt: z.string(),
  checklist: z.array(z.object({ position: z.number(), label: z.string(), done: z.boolean() })),
  note: correctVisitSchema.shape.note.def.innerType,
});
type FormValues = z.infer<typeof formSchema>;

/** Only what changed, as a correction: times, checklist items and the note. */
function correctionOf(values: FormValues, detail: VisitDetail): VisitChangeInput | null {
  const initialIn = detail.visit.checkedInAt ? toChicagoLocal(detail.visit.checkedInAt) : '';
  const initialOut = detail.visit.checkedOutAt ? toChicagoLocal(detail.visit.checkedOutAt) : '';
  const change: Extract<VisitChangeInput, { action: 'correct' }> = { action: 'correct' };
  if (values.checkedInAt !== initialIn) change.checkedInAt = values.checkedInAt ? fromChicagoLocal(values.checkedInAt) : null;
  if (values.checkedOutAt !== initialOut) change.checkedOutAt = values.checkedOutAt ? fromChicagoLocal(values.checkedOutAt) : null;
  const checklist = values.checklist
    .filter((item) => item.done !== (detail.checklist.find((current) => current.position === item.position)?.doneAt !== null))
    .map((item) => ({ position: item.position, done: item.done }));
  if (checklist.length) change.checklist = checklist;
  if (values.note.trim() !== detail.visit.note) change.note = values.note;
  return Object.keys(change).length > 1 ? change : null;
}

/** Staff correct the record (check-in and check-out, checklist, note); each correction lands on the timeline with who made it. */
export function CorrectionForm({ detail, onDone }: { detail: VisitDetail; onDone: (message: string) => void }) {
  const change = useChangeVisit();
  const defaults: FormValues = {
    checkedInAt: detail.visit.checkedInAt ? toChicagoLocal(detail.visit.checkedInAt) : '',
    checkedOutAt: detail.visit.checkedOutAt ? toChicagoLocal(detail.visit.checkedOutAt) : '',
    checklist: detail.checklist.map((item) => ({ position: item.position, label: item.label, done: item.doneAt !== null })),
    note: detail.visit.note,
  };
  const form = useSchemaForm(formSchema, defaults, async (values) => {
    const correction = correctionOf(values, detail);
    // Shown on the form like a refusal from the server.
    if (!correction) throw new Error('Nothing to correct: change a time, an item or the note first.');
    await change.mutateAsync({ id: detail.visit.id, change: correction });
    onDone('Correction saved. It is on the timeline with your name.');
  });
  const { register, submit, serverError, formState, control } = form;
  const items = useFieldArray({ control, name: 'checklist' });
  const { errors } = formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Checked in (Milwaukee time)"
          type="datetime-local"
          {...register('checkedInAt')}
          error={errors.checkedInAt?.message}
        />
        <TextField
          label="Checked out (Milwaukee time)"
          type="datetime-local"
          {...register('checkedOutAt')}
          error={errors.checkedOutAt?.message}
        />
      </div>
      {items.fields.length ? (
        <Fieldset legend="Checklist" error={errors.checklist?.message}>
          <div className="grid gap-2">
            {items.fields.map((item, index) => (
              <label
                key={item.id}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm dark:border-slate-700"
              >
                <input type="checkbox" {...register(`checklist.${index}.done`)} className="size-4 accent-brand-700" />
                <span className="text-slate-900 dark:text-slate-100">{item.label}</span>
              </label>
            ))}
          </div>
        </Fieldset>
      ) : null}
      <TextAreaField label="Note" rows={3} {...register('note')} error={errors.note?.message} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass()}>
          {formState.isSubmitting ? 'Saving...' : 'Save correction'}
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
