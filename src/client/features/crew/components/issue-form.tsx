import { useState } from 'react';
import { siteIssueFormSchema, type SiteIssueForm } from '../../../../shared/api/crew-rules';
import { SITE_ISSUE_TYPES, SITE_ISSUE_TYPE_LABELS, VISIT_NOTE_MAX } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useLightSchemaForm } from '../../../lib/use-light-schema-form';
import { newKey } from '../api/offline-store';
import { enqueue } from '../api/outbox';
import { crewControlClass, crewField } from './crew-field';
import { plural } from './format';
import { CameraButton, queuePhotos } from './photo-section';

const EMPTY: SiteIssueForm = { type: '', note: '' };

/** A new site issue: its kind, a note and photos, saved on the phone and sent when there is signal. */
export function IssueForm({ visitId, onDone }: { visitId: string; onDone: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  // The server checks the same rules (shared/api/crew.ts); the form says so before anything is saved.
  const form = useLightSchemaForm(siteIssueFormSchema, EMPTY, async (issue) => {
    const key = newKey();
    await enqueue({ type: 'issue', key, visitId, at: new Date().toISOString(), issue });
    await queuePhotos(visitId, files, 'issue', key);
    onDone();
  });

  return (
    <form
      className="mt-4 space-y-4 rounded-xl border-2 border-slate-300 p-3 dark:border-slate-600"
      aria-label="New site issue"
      noValidate
      onSubmit={(event) => void form.submit(event)}
    >
      <Field label="What did you find?" error={form.errors.type} {...crewField}>
        {(control) => (
          <select {...control} {...form.field('type')} className={`${crewControlClass} h-14`}>
            <option value="">Choose one</option>
            {SITE_ISSUE_TYPES.map((value) => (
              <option key={value} value={value}>
                {SITE_ISSUE_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={
          <>
            Note{' '}
            {form.values.type === 'other' ? null : (
              <span className="font-normal text-slate-700 dark:text-slate-300">(where, how much)</span>
            )}
          </>
        }
        error={form.errors.note}
        {...crewField}
      >
        {(control) => (
          <textarea {...control} {...form.field('note')} maxLength={VISIT_NOTE_MAX} rows={3} className={`${crewControlClass} py-2`} />
        )}
      </Field>
      <div>
        <CameraButton label="Add issue photos" onFiles={(picked) => setFiles((current) => [...current, ...picked])} />
        {files.length ? (
          <p className="mt-2 text-base text-slate-800 dark:text-slate-200">{plural(files.length, 'photo')} ready to save with this issue</p>
        ) : null}
      </div>
      {form.serverError ? <p className={crewField.errorClassName}>{form.serverError}</p> : null}
      <div className="grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={onDone}
          className={buttonClass({ variant: 'secondary', size: 'lg', className: 'min-h-14 w-full text-base' })}
        >
          Cancel
        </button>
        <button type="submit" disabled={form.isSubmitting} className={buttonClass({ size: 'lg', className: 'min-h-14 w-full text-base' })}>
          {form.isSubmitting ? 'Saving…' : 'Save issue'}
        </button>
      </div>
    </form>
  );
}
