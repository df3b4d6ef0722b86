import { Link } from 'wouter';
import type { Estimate } from '../../../../shared/api/estimates';
import { instantDateTimeText } from '../../../../shared/date-formats';
import { ESTIMATE_STATUS_NAMES } from '../../../../shared/estimates';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { quoteTimeText } from '../quote-time';
import { EstimateStatusPill } from '../../../components/estimate-status-pill';

const title = 'text-base font-semibold text-slate-900 dark:text-white';
const quiet = 'text-sm text-slate-600 dark:text-slate-400';

/** What the prospect's answer was called, for the history. */
const ANSWERS: Partial<Record<Estimate['status'], string>> = {
  accepted: 'Accepted',
  declined: 'Declined',
  changes_requested: 'Changes requested',
};

/** The estimate's moments, oldest first: written, sent, first opened, answered; how long the quote took; and its versions. */
export function EstimateHistory({ estimate }: { estimate: Estimate }) {
  const moments = [
    { label: 'Written', at: estimate.createdAt },
    { label: 'Sent', at: estimate.sentAt },
    { label: 'First opened by the prospect', at: estimate.firstViewedAt },
    { label: ANSWERS[estimate.status] ?? 'Answered', at: estimate.respondedAt },
  ].filter((moment): moment is { label: string; at: string } => moment.at !== null);
  const quote = estimate.quoteMinutes === null ? null : quoteTimeText(estimate.quoteMinutes);
  // The API lists the other versions; this one takes its place among them.
  const versions = [...estimate.versions, { id: estimate.id, version: estimate.version, status: estimate.status }].sort(
    (a, b) => a.version - b.version,
  );
  return (
    <Card aria-labelledby="history-title" padding="p-5" className="grid gap-4">
      <h2 id="history-title" className={title}>
        History
      </h2>
      <ol className="grid gap-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
        {moments.map((moment) => (
          <li key={moment.label} className="relative">
            <span className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-brand-600 dark:bg-brand-400" aria-hidden="true" />
            <span className="block text-sm font-medium text-slate-900 dark:text-white">{moment.label}</span>
            <time dateTime={moment.at} className={quiet}>
              {instantDateTimeText(moment.at)}
            </time>
          </li>
        ))}
      </ol>
      {quote ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">How long the quote took</h3>
          <p
            data-quote-time
            className={cn(
              'mt-1 text-sm font-medium',
              quote.kept ? 'text-emerald-800 dark:text-emerald-300' : 'text-amber-800 dark:text-amber-300',
            )}
          >
            {quote.text}
          </p>
        </div>
      ) : null}
      {versions.length > 1 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Versions</h3>
          <ol className="mt-1 grid gap-1">
            {versions.map((version) => (
              <li key={version.id} className="flex items-center justify-between gap-2 text-sm">
                {version.id === estimate.id ? (
                  <span className="font-semibold text-slate-900 dark:text-white" aria-current="page">
                    v{version.version} (this one)
                  </span>
                ) : (
                  <Link
                    href={`/admin/estimates/${version.id}`}
                    className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
                  >
                    v{version.version}
                    <span className="sr-only">, {ESTIMATE_STATUS_NAMES[version.status]}</span>
                  </Link>
                )}
                <EstimateStatusPill status={version.status} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </Card>
  );
}
