import { Mail, MessageSquareText, Phone, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SUBMISSION_STATUSES, type ContactSubmission, type SubmissionStatus } from '../../../../shared/inbox-types';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useAddNote, useNotes, useUpdateStatus } from '../api/submissions';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });
export const formatSubmitted = (iso: string) => dateTime.format(new Date(iso));

const statusStyles: Record<SubmissionStatus, string> = {
  new: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  contacted: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
  quoted: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  won: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  lost: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  spam: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

function Notes({ id }: { id: string }) {
  const fieldId = useId();
  const notes = useNotes(id, true);
  const add = useAddNote(id);
  const [body, setBody] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim()) add.mutate(body, { onSuccess: () => setBody('') });
  };
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      {notes.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading notes...</p> : null}
      {notes.data?.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No notes yet.</p> : null}
      <ul className="grid gap-3">
        {notes.data?.map((note) => (
          <li key={note.id} className="text-sm">
            <p className="whitespace-pre-wrap text-slate-800 dark:text-slate-100">{note.body}</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {note.author} · {formatSubmitted(note.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={fieldId} className="sr-only">
          Add a note
        </label>
        <input
          id={fieldId}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={2000}
          placeholder="Add a note: called, quoted, visit booked..."
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-white"
        />
        <button type="submit" disabled={add.isPending || !body.trim()} className={buttonClass({ size: 'sm' })}>
          Add note
        </button>
      </form>
      {add.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          The note was not saved. {add.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** One quote request (SPEC §2): name, e-mail, phone, service, time and message, plus status and notes. */
export function SubmissionCard({ submission }: { submission: ContactSubmission }) {
  const statusId = useId();
  const [showNotes, setShowNotes] = useState(false);
  const update = useUpdateStatus();
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{submission.name}</h2>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a
              href={`mailto:${submission.email}`}
              className="inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline dark:text-brand-300"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {submission.email}
            </a>
            {submission.phone ? (
              <a
                href={`tel:${submission.phone.replace(/[^\d+]/g, '')}`}
                className="inline-flex items-center gap-1.5 text-brand-700 hover:underline dark:text-brand-300"
              >
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                {submission.phone}
              </a>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900/60 dark:text-brand-100">
            {submission.service}
          </span>
          <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', statusStyles[submission.status])}>
            {submission.status}
          </span>
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Submitted <time dateTime={submission.submittedAt}>{formatSubmitted(submission.submittedAt)}</time>
        {submission.propertySize ? ` · Property size: ${submission.propertySize}` : ''}
        {submission.urgency ? ` · Urgency: ${submission.urgency}` : ''}
      </p>
      <p className="mt-3 whitespace-pre-wrap text-slate-800 dark:text-slate-200">{submission.message}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label htmlFor={statusId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Status
        </label>
        <select
          id={statusId}
          value={submission.status}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ id: submission.id, status: event.target.value as SubmissionStatus })}
          className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm capitalize dark:border-slate-600 dark:bg-slate-950 dark:text-white"
        >
          {SUBMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        <a
          href={`/admin/customers?${new URLSearchParams({ new: '1', name: submission.name, email: submission.email, phone: submission.phone ?? '' })}`}
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
        >
          <UserPlus className="size-4" aria-hidden="true" />
          Create customer from this request
        </a>
        <button
          type="button"
          aria-expanded={showNotes}
          onClick={() => setShowNotes((open) => !open)}
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
        >
          <MessageSquareText className="size-4" aria-hidden="true" />
          {showNotes ? 'Hide notes' : 'Notes'}
        </button>
      </div>
      {update.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          The status was not changed. {update.error.message}
        </p>
      ) : null}
      {showNotes ? <Notes id={submission.id} /> : null}
    </li>
  );
}
