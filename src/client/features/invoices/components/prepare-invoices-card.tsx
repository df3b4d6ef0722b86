import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { BillingRunResultBody } from '../../../../shared/api/invoices';
import { mediumDateText, monthText, shortDateText } from '../../../../shared/date-formats';
import { previousMonth } from '../../../../shared/invoices';
import { localToday } from '../../../../shared/local-dates';
import { buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { Select } from '../../../components/ui/select';
import { failureMessage } from '../../../lib/api-client';
import { usePrepareInvoices } from '../api/invoices';
import { count, monthChoiceText, recentMonths } from '../invoice-text';

const muted = 'text-sm text-slate-600 dark:text-slate-400';

/** What a run did, in a sentence or two. */
function resultText(month: string, result: BillingRunResultBody): string {
  const period = `${shortDateText(result.periodStart)} – ${mediumDateText(result.periodEnd)}`;
  const done =
    result.created || result.updated
      ? `${count(result.created, 'draft')} made, ${count(result.updated, 'draft')} brought up to date`
      : 'no new work to bill';
  const sent = result.alreadySent
    ? ` ${count(result.alreadySent, 'customer')} had ${monthText(month)}’s invoice sent already: their new visits wait for the next one.`
    : '';
  return `${monthText(month)} (${period}): ${done}.${sent}`;
}

/**
 * "Prepare invoices": the monthly billing run, on demand, for last month (the default), an earlier
 * month, or this month to date. Drafts are made, or brought up to date; nothing is sent.
 */
export function PrepareInvoicesCard({ mayPrepare }: { mayPrepare: boolean }) {
  const today = localToday();
  const [month, setMonth] = useState(() => previousMonth(today));
  const prepare = usePrepareInvoices();
  const [done, setDone] = useState<{ month: string; result: BillingRunResultBody } | null>(null);
  const titleId = useId();
  if (!mayPrepare) return null;
  return (
    <section aria-labelledby={titleId} className={cardClass()}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Prepare invoices
      </h2>
      <p className={`mt-1 max-w-3xl ${muted}`}>
        Bills each customer’s month from their agreements and the visits the crews completed, one invoice per customer with a section per
        property. It runs by itself on the 1st for the month before. Drafts are only prepared here: nothing goes to a customer until you
        approve it.
      </p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Prepare invoices"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(null);
          prepare.mutate(month, { onSuccess: (result) => setDone({ month, result }) });
        }}
      >
        <Select label="Month to bill" className="w-full sm:w-64" value={month} onChange={(event) => setMonth(event.target.value)}>
          {recentMonths(today).map((value) => (
            <option key={value} value={value}>
              {monthChoiceText(value, today)}
            </option>
          ))}
        </Select>
        <button type="submit" disabled={prepare.isPending} className={buttonClass()}>
          {prepare.isPending ? 'Preparing...' : 'Prepare invoices'}
        </button>
      </form>
      <div
        role="status"
        className={
          done ? 'mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' : 'sr-only'
        }
      >
        {done ? (
          <>
            <p className="font-medium">{resultText(done.month, done.result)}</p>
            {done.result.created || done.result.updated ? (
              <Link
                href={`/admin/invoices?${new URLSearchParams({ status: 'draft', month: done.month })}`}
                className="mt-1 inline-block font-semibold underline"
              >
                Review {monthText(done.month)}’s drafts
              </Link>
            ) : null}
          </>
        ) : null}
      </div>
      {prepare.isError ? (
        <div className="mt-3">
          <FormError>{failureMessage('prepare the invoices', prepare.error)}</FormError>
        </div>
      ) : null}
    </section>
  );
}
