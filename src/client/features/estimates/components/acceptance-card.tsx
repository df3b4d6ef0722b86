import { BadgeCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { Estimate } from '../../../../shared/api/estimates';
import { instantSecondsText } from '../../../../shared/date-formats';
import { TERM_NAMES } from '../../../../shared/estimate-totals';
import { Card } from '../../../components/ui/card';

const dt = 'text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';
const dd = 'text-sm text-slate-900 dark:text-white';

/** The evidence of an acceptance, kept like the quote form's consent: who, as what, when, which term and options, and the hash of exactly what they accepted. */
export function AcceptanceCard({ estimate }: { estimate: Estimate }) {
  const { acceptance } = estimate;
  if (!acceptance) return null;
  const options = acceptance.optionalLineIds.length;
  return (
    <Card aria-labelledby="acceptance-title" padding="p-5" className="border-emerald-300 dark:border-emerald-800">
      <h2 id="acceptance-title" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <BadgeCheck className="size-5 text-emerald-700 dark:text-emerald-400" aria-hidden="true" /> Accepted online
      </h2>
      <dl className="mt-3 grid gap-3">
        <div>
          <dt className={dt}>Signed by</dt>
          <dd className={dd}>
            {acceptance.name}, {acceptance.title}
          </dd>
        </div>
        <div>
          <dt className={dt}>When</dt>
          <dd className={dd}>
            <time dateTime={acceptance.at}>{instantSecondsText(acceptance.at)}</time>
          </dd>
        </div>
        <div>
          <dt className={dt}>Term and options</dt>
          <dd className={dd}>
            {TERM_NAMES[acceptance.term]},{' '}
            {options === 0 ? 'no optional service' : options === 1 ? '1 optional service' : `${options} optional services`}
          </dd>
        </div>
        <div>
          <dt className={dt}>From</dt>
          <dd className={dd}>
            {acceptance.ip ?? 'IP address not recorded'}
            {acceptance.userAgent ? (
              <span className="block text-xs break-words text-slate-600 dark:text-slate-400">{acceptance.userAgent}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className={dt}>Hash of the version accepted (SHA-256)</dt>
          <dd className="font-mono text-xs break-all text-slate-900 dark:text-white">{acceptance.hash}</dd>
        </div>
      </dl>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {estimate.customerId ? (
          <Link
            href={`/admin/customers/${estimate.customerId}`}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
          >
            The customer{estimate.agreementId ? ' and their service agreement' : ''}
          </Link>
        ) : null}
      </p>
    </Card>
  );
}
