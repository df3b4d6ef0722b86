import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { quoteRequestNoteInputSchema } from '../../../../shared/api/quote-requests';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAddQuoteRequestNote } from '../api/add-quote-request-note';
import { useQuoteRequestNotes } from '../api/get-quote-request-notes';
import { readNoteDraft, writeNoteDraft } from '../note-drafts';
import { instantDateTimeText } from '../../../../shared/date-formats';

/**
 * A quote request's notes, and a one-line form to add one, checked by the same schema
 * as the server's; a refusal from the server comes back under the field. What is typed is
 * kept as a draft (note-drafts.ts) until it is saved, so a refresh or a failed save loses nothing.
 */
export function QuoteRequestNotes({ id }: { id: string }) {
  const fieldId = useId();
  const notes = useQuoteRequestNotes(id);
  const add = useAddQuoteRequestNote();
  const form = useSchemaForm(
    quoteRequestNoteInputSchema,
    { body: readNoteDraft(id) },
    async ({ body }) => {
      await add.mutateAsync({ id, body });
      writeNoteDraft(id, '');
    },
    { resetOnSuccess: { body: '' } },
  );
  const { errors, isSubmitting } = form.formState;
  const body = useWatch({ control: form.control, name: 'body' });
  useEffect(() => writeNoteDraft(id, body), [id, body]);
  const problem = errors.body?.message
    ? `Could not save the note. ${errors.body.message}`
    : add.error
      ? failureMessage('save the note', add.error)
      : null;
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      {notes.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading notes...</p> : null}
      {notes.isError ? <p className="text-sm text-red-700 dark:text-red-400">{failureMessage('load the notes', notes.error)}</p> : null}
      {notes.data?.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No notes yet.</p> : null}
      <ul className="grid gap-3">
        {notes.data?.map((note) => (
          <li key={note.id} className="text-sm">
            <p className="whitespace-pre-wrap text-slate-800 dark:text-slate-100">{note.body}</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {note.author} · {instantDateTimeText(note.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      <form onSubmit={form.submit} className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={fieldId} className="sr-only">
          Add a note
        </label>
        <input
          id={fieldId}
          {...form.register('body')}
          maxLength={2000}
          placeholder="Add a note: called, quoted, visit booked..."
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-white"
        />
        <button type="submit" disabled={isSubmitting || !body.trim()} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Saving...' : 'Add note'}
        </button>
      </form>
      <div className="mt-2">
        <FormError>{problem}</FormError>
      </div>
    </div>
  );
}
