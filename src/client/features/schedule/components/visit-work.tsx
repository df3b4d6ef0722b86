import { CheckCircle2, Circle } from 'lucide-react';
import type { VisitDetail } from '../../../../shared/api/schedule';
import { instantShortDateTimeText } from '../../../../shared/date-formats';
import { SITE_ISSUE_TYPE_LABELS } from '../../../../shared/visits';

/** What the crew did on the visit: the checklist with who ticked what, the site issues, and the visit's note. */
export function VisitWork({ detail }: { detail: VisitDetail }) {
  const { visit } = detail;
  return (
    <>
      {detail.checklist.length ? (
        <ul className="grid gap-2">
          {detail.checklist.map((item) => (
            <li key={item.position} className="flex items-start gap-2 text-sm">
              {item.doneAt ? (
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              )}
              <span className="text-slate-900 dark:text-white">
                {item.label}
                <span className="text-slate-600 dark:text-slate-400">
                  {item.doneAt
                    ? ` · done ${instantShortDateTimeText(item.doneAt)}${item.doneBy ? ` by ${item.doneBy.name}` : ''}`
                    : ' · not done'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">This visit has no checklist.</p>
      )}
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">Site issues ({detail.siteIssues.length})</h3>
      {detail.siteIssues.length ? (
        <ul className="grid gap-2">
          {detail.siteIssues.map((issue) => (
            <li
              key={issue.id}
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
            >
              <p className="font-semibold text-amber-950 dark:text-amber-100">{SITE_ISSUE_TYPE_LABELS[issue.type]}</p>
              {issue.note ? <p className="mt-1 text-slate-800 dark:text-slate-200">{issue.note}</p> : null}
              <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                {instantShortDateTimeText(issue.reportedAt)}
                {issue.reportedBy ? ` · ${issue.reportedBy.name}` : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">None reported.</p>
      )}
      {visit.note ? (
        <p className="mt-5 text-sm text-slate-800 dark:text-slate-200">
          <span className="font-semibold">Note:</span> {visit.note}
        </p>
      ) : null}
    </>
  );
}
