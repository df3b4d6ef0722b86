import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { SITE_ISSUE_TYPE_LABELS } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import type { LocalVisit } from '../hooks/use-local-visit';
import { plural } from './format';
import { IssueForm } from './issue-form';
import { WaitingPhotos } from './photo-thumbs';

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
