import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { ISSUE_NOTE_MESSAGE, ISSUE_TYPE_MESSAGE, issueNeedsNote } from '../../../../shared/api/crew-rules';
import { SITE_ISSUE_TYPES, SITE_ISSUE_TYPE_LABELS, VISIT_NOTE_MAX, type SiteIssueType } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import { newKey } from '../api/offline-store';
import { enqueue } from '../api/outbox';
import type { LocalVisit } from '../hooks/use-local-visit';
import { plural } from './format';
import { CameraButton, queuePhotos } from './photo-section';
import { WaitingPhotos } from './photo-thumbs';

const fieldClass =
  'mt-1 block w-full rounded-lg border-2 border-slate-400 bg-white px-3 text-lg text-slate-950 dark:border-slate-500 dark:bg-slate-950 dark:text-white';

/** Site issues: what was found (dumping, hazards, damage…), each with a note and optional photos. */
export function IssuesSection({ visit, readOnly }: { visit: LocalVisit; readOnly: boolean }) {
  const [open, setOpen] = useState(false);
  if (readOnly && !visit.issues.length) return null;
  const issuePhotos = visit.waitingPhotos.filter((photo) => photo.kind === 'issue');
  return (
    <section
      aria-labelledby="issues-heading"
      className="rounded-2xl border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="issues-heading" className="text-xl font-bold text-slate-950 dark:text-white">
        Site issues
      </h2>
      {visit.issues.length ? (
        <ul className="mt-3 space-y-2">
          {visit.issues.map((issue) => (
            <li
              key={issue.id}
              className="rounded-xl border-2 border-amber-400 bg-amber-50 px-3 py-2 dark:border-amber-600 dark:bg-amber-950"
            >
              <p className="flex items-center gap-2 text-lg font-bold text-amber-950 dark:text-amber-50">
                <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
                {SITE_ISSUE_TYPE_LABELS[issue.type]}
              </p>
              {issue.note ? <p className="mt-1 text-base text-slate-900 dark:text-slate-100">{issue.note}</p> : null}
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {issue.photoCount ? plural(issue.photoCount, 'photo') : 'No photos'}
                {issue.waiting ? ' · saved on this phone' : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-base text-slate-700 dark:text-slate-300">
          Report dumping, hazards, damage or anything the office should know about.
        </p>
      )}
      <WaitingPhotos photos={issuePhotos} label="Issue photos waiting to upload" />
      {readOnly ? null : open ? (
        <IssueForm visitId={visit.id} onDone={() => setOpen(false)} />
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className={buttonClass({ variant: 'secondary', size: 'lg', className: 'mt-3 min-h-14 w-full text-base' })}
        >
          <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
          Report a site issue
        </button>
      )}
    </section>
  );
}

function IssueForm({ visitId, onDone }: { visitId: string; onDone: () => void }) {
  const id = useId();
  const [type, setType] = useState<SiteIssueType | ''>('');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<'type' | 'note', string>>>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const at = new Date().toISOString();
    // The server checks the same (shared/api/crew.ts); the form says so before anything is saved.
    if (!type || issueNeedsNote(type, note)) {
      setErrors(type ? { note: ISSUE_NOTE_MESSAGE } : { type: ISSUE_TYPE_MESSAGE });
      return;
    }
    setSaving(true);
    const key = newKey();
    await enqueue({ type: 'issue', key, visitId, at, issue: { type, note: note.trim() } });
    await queuePhotos(visitId, files, 'issue', key);
    onDone();
  };

  return (
    <form
      className="mt-4 space-y-4 rounded-xl border-2 border-slate-300 p-3 dark:border-slate-600"
      aria-label="New site issue"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div>
        <label htmlFor={`${id}-type`} className="text-base font-bold text-slate-950 dark:text-white">
          What did you find?
        </label>
        <select
          id={`${id}-type`}
          value={type}
          onChange={(event) => setType(event.target.value as SiteIssueType)}
          aria-invalid={Boolean(errors.type)}
          aria-describedby={errors.type ? `${id}-type-error` : undefined}
          className={`${fieldClass} h-14`}
        >
          <option value="">Choose one</option>
          {SITE_ISSUE_TYPES.map((value) => (
            <option key={value} value={value}>
              {SITE_ISSUE_TYPE_LABELS[value]}
            </option>
          ))}
        </select>
        {errors.type ? (
          <p id={`${id}-type-error`} className="mt-1 text-base font-semibold text-red-700 dark:text-red-300">
            {errors.type}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="text-base font-bold text-slate-950 dark:text-white">
          Note {type === 'other' ? null : <span className="font-normal text-slate-700 dark:text-slate-300">(where, how much)</span>}
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={VISIT_NOTE_MAX}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={Boolean(errors.note)}
          aria-describedby={errors.note ? `${id}-note-error` : undefined}
          className={`${fieldClass} py-2`}
        />
        {errors.note ? (
          <p id={`${id}-note-error`} className="mt-1 text-base font-semibold text-red-700 dark:text-red-300">
            {errors.note}
          </p>
        ) : null}
      </div>
      <div>
        <CameraButton label="Add issue photos" onFiles={(picked) => setFiles((current) => [...current, ...picked])} />
        {files.length ? (
          <p className="mt-2 text-base text-slate-800 dark:text-slate-200">{plural(files.length, 'photo')} ready to save with this issue</p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={onDone}
          className={buttonClass({ variant: 'secondary', size: 'lg', className: 'min-h-14 w-full text-base' })}
        >
          Cancel
        </button>
        <button type="submit" disabled={saving} className={buttonClass({ size: 'lg', className: 'min-h-14 w-full text-base' })}>
          {saving ? 'Saving…' : 'Save issue'}
        </button>
      </div>
    </form>
  );
}
