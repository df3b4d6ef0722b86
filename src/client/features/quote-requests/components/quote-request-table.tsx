import { ChevronDown } from 'lucide-react';
import { Fragment, useState } from 'react';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { cn } from '../../../lib/cn';
import { StatusBadge, UrgentBadge } from './quote-request-badges';
import { QuoteRequestCard, isPinned } from './quote-request-card';
import { recentDateText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';
import { TableHead } from '../../../components/ui/table-head';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';
const td = 'px-3 py-1 align-middle';

/**
 * The compact list: one row per request (17 fit a 1440 × 900 screen), in the same
 * order as the cards. "Open" shows a row's full card below it, to change its status or add a note.
 */
export function QuoteRequestTable({ quoteRequests, readAt }: { quoteRequests: QuoteRequest[]; readAt: number }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className={cardClass({ padding: '', className: 'overflow-x-auto' })}>
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Quote requests, one per row: urgent new ones first, then newest first</caption>
        <TableHead
          className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/60"
          cellClass={th}
          columns={[
            ['Received', 'hidden w-36 sm:table-cell'],
            ['Name', 'sm:w-64'],
            ['Phone', 'hidden w-36 lg:table-cell'],
            ['Service', 'hidden w-48 sm:table-cell'],
            ['Message', 'hidden md:table-cell'],
            ['Status', 'w-26 sm:w-28'],
            [<span className="sr-only">Details</span>, 'w-20 sm:w-22'],
          ]}
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {quoteRequests.map((quoteRequest) => {
            const expanded = open.has(quoteRequest.id);
            const detailsId = `quote-request-details-${quoteRequest.id}`;
            return (
              <Fragment key={quoteRequest.id}>
                <tr
                  data-quote-request-row={quoteRequest.id}
                  className={cn(
                    'text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/50',
                    isPinned(quoteRequest) && 'bg-red-50/70 dark:bg-red-950/30',
                  )}
                >
                  <td className={cn(td, 'hidden whitespace-nowrap text-slate-600 tabular-nums sm:table-cell dark:text-slate-400')}>
                    <time dateTime={quoteRequest.submittedAt}>{recentDateText(quoteRequest.submittedAt)}</time>
                  </td>
                  <td className={td}>
                    <div className="flex min-w-0 items-center gap-2">
                      {quoteRequest.urgent ? (
                        <UrgentBadge waiting={isPinned(quoteRequest)} className="shrink-0 px-1.5 text-[0.6875rem]" />
                      ) : null}
                      <span className="truncate font-semibold text-slate-900 dark:text-white" title={quoteRequest.name}>
                        {quoteRequest.name}
                      </span>
                    </div>
                    {/* On a phone the time has no column of its own. */}
                    <time dateTime={quoteRequest.submittedAt} className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                      {recentDateText(quoteRequest.submittedAt)}
                    </time>
                  </td>
                  <td className={cn(td, 'hidden whitespace-nowrap lg:table-cell')}>
                    {quoteRequest.phone ? (
                      <a
                        href={`tel:${quoteRequest.phone.replace(/[^\d+]/g, '')}`}
                        className="text-brand-700 hover:underline dark:text-brand-300"
                      >
                        {quoteRequest.phone}
                      </a>
                    ) : (
                      <span className="text-slate-500 dark:text-slate-400">No phone</span>
                    )}
                  </td>
                  <td className={cn(td, 'hidden truncate sm:table-cell')} title={quoteRequest.service}>
                    {quoteRequest.service}
                  </td>
                  <td className={cn(td, 'hidden truncate text-slate-600 md:table-cell dark:text-slate-400')} title={quoteRequest.message}>
                    {quoteRequest.message}
                  </td>
                  <td className={td}>
                    <StatusBadge status={quoteRequest.status} />
                  </td>
                  <td className={cn(td, 'text-right')}>
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      aria-label={`${expanded ? 'Close' : 'Open'} the request from ${quoteRequest.name}`}
                      onClick={() => toggle(quoteRequest.id)}
                      className="inline-flex h-6 items-center gap-1 rounded-md px-2 text-xs font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
                    >
                      {expanded ? 'Close' : 'Open'}
                      <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
                    </button>
                  </td>
                </tr>
                {expanded ? (
                  <tr id={detailsId} className="bg-slate-50 dark:bg-slate-950/40">
                    <td colSpan={7} className="p-2 sm:p-3">
                      <QuoteRequestCard quoteRequest={quoteRequest} readAt={readAt} as="div" />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
