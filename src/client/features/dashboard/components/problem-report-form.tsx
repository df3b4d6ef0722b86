import { Camera, Send, X } from 'lucide-react';
import { problemReportFormSchema } from '../../../../shared/api/service-requests';
import { PROBLEM_PHOTOS_MAX, SERVICE_REQUEST_NOTE_MAX } from '../../../../shared/service-requests';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useReportProblem } from '../api/report-problem';
import { FieldError, labelClass, useFieldIds } from '../../../components/ui/field';

/** Made once: a new schema on every render would be a new resolver each time. */
const formSchema = problemReportFormSchema<File>();

interface ProblemReportValues {
  note: string;
  photos: File[];
}

/** "Report a problem": what is wrong, and up to five photos of it. */
export function ProblemReportForm({ propertyId, onSent }: { propertyId: string; onSent: () => void }) {
  const send = useReportProblem();
  const form = useSchemaForm<ProblemReportValues, ProblemReportValues>(formSchema, { note: '', photos: [] }, async ({ note, photos }) => {
    await send.mutateAsync({ propertyId, note, photos });
    onSent();
  });
  const photos = form.watch('photos');
  const errors = form.formState.errors;
  const photosError = errors.photos?.message ?? errors.photos?.root?.message;
  const photoField = useFieldIds({ id: 'problem-photos', error: photosError });
  const setPhotos = (next: File[]) => form.setValue('photos', next, { shouldValidate: true });

  return (
    <form onSubmit={form.submit} noValidate aria-labelledby="problem-form-title" className="grid gap-4">
      <h4 id="problem-form-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Report a problem
      </h4>
      <TextAreaField
        label="What is wrong?"
        rows={4}
        maxLength={SERVICE_REQUEST_NOTE_MAX}
        placeholder="For example: someone dumped furniture by the dumpster enclosure."
        error={errors.note?.message}
        {...form.register('note')}
      />
      <div>
        <label htmlFor={photoField.id} className={labelClass}>
          Photos (up to {PROBLEM_PHOTOS_MAX}, optional)
        </label>
        <input
          {...photoField.control}
          type="file"
          accept="image/*"
          multiple
          onChange={(event) => {
            setPhotos([...form.getValues('photos'), ...Array.from(event.target.files ?? [])]);
            event.target.value = '';
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white dark:text-slate-300"
        />
        <FieldError id={photoField.errorId} error={photosError} />
        {photos.length ? (
          <ul className="mt-2 grid gap-1" aria-label="Chosen photos">
            {photos.map((photo, index) => (
              <li key={`${photo.name}-${index}`} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <Camera className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 truncate">{photo.name}</span>
                <button
                  type="button"
                  onClick={() => setPhotos(form.getValues('photos').filter((_, i) => i !== index))}
                  className={buttonClass({ variant: 'ghost', size: 'sm' })}
                >
                  <X className="size-4" aria-hidden="true" />
                  Remove<span className="sr-only"> {photo.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass()}>
          <Send className="size-4" aria-hidden="true" />
          {form.formState.isSubmitting ? 'Sending…' : 'Send the report'}
        </button>
        <FormError>{form.serverError}</FormError>
      </div>
    </form>
  );
}
