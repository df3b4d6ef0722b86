import { AlertCircle, ArrowRight, CalendarX, MessageSquare, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicEstimate } from '../../../shared/api/estimates';
import { company } from '../../../shared/company';
import { buttonClass } from '../ui/button';
import { cardClass } from '../ui/card';

function Notice({
  icon,
  title,
  children,
  tone = 'slate',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  tone?: 'slate' | 'amber';
}) {
  const toneClass = tone === 'amber' ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40' : '';
  return (
    <section aria-labelledby="estimate-notice" className={cardClass({ className: `mx-auto max-w-2xl ${toneClass}` })}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0 text-slate-600 dark:text-slate-300">{icon}</span>
        <div className="min-w-0 flex-1">
          <h2 id="estimate-notice" className="text-xl font-bold text-slate-900 dark:text-white">
            {title}
          </h2>
          <div className="mt-2 space-y-3 text-slate-700 dark:text-slate-300">{children}</div>
        </div>
      </div>
    </section>
  );
}

/** A mailto that asks the office for a new estimate, naming this one so they can extend it or write another. */
const newEstimateMailto = (title: string) =>
  `mailto:${company.supportEmail}?${new URLSearchParams({ subject: `A new estimate, please (${title})` }).toString().replace(/\+/g, '%20')}`;

/** Past "valid until": the page says so, and offers to ask for a new one (staff can extend it). */
export function ExpiredNotice({ message, title }: { message: string; title: string }) {
  return (
    <Notice icon={<CalendarX className="size-7" aria-hidden="true" />} title="This estimate has expired" tone="amber">
      <p>{message}</p>
      <p>
        Prices and schedules change with the seasons, so we confirm them again before we start. Ask us and we will send a fresh estimate,
        usually within one business day.
      </p>
      <div className="flex flex-wrap gap-3">
        <a href={newEstimateMailto(title)} className={buttonClass()}>
          Ask for a new estimate
        </a>
        <a href={company.phone.href} className={buttonClass({ variant: 'secondary' })}>
          Call {company.phone.display}
        </a>
      </div>
    </Notice>
  );
}

/** A revision replaced this version: its link says so and leads to the new one. */
export function ReplacedNotice({ replacement }: { replacement: NonNullable<PublicEstimate['replacement']> }) {
  return (
    <Notice
      icon={<AlertCircle className="size-7" aria-hidden="true" />}
      title={`This estimate has been replaced by version ${replacement.version}`}
    >
      <p>We revised this estimate. Only the newest version can be accepted; it shows the current prices and what changed.</p>
      <a href={replacement.url} className={buttonClass()}>
        See version {replacement.version}
        <ArrowRight className="size-4" aria-hidden="true" />
      </a>
    </Notice>
  );
}

/** Declined: kept as the customer left it, with a way back. */
export function DeclinedNotice({ title }: { title: string }) {
  return (
    <Notice icon={<XCircle className="size-7" aria-hidden="true" />} title="You declined this estimate">
      <p>
        Thank you for letting us know. If your plans change, or you would like a different scope or schedule, we are glad to write a new
        one.
      </p>
      <a href={newEstimateMailto(title)} className={buttonClass({ variant: 'secondary' })}>
        Ask for a new estimate
      </a>
    </Notice>
  );
}

/** Changes requested: the office is on it, and the estimate can still be accepted as it stands. */
export function ChangesRequestedNotice() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-950 dark:border-brand-800 dark:bg-brand-950/50 dark:text-brand-100"
    >
      <MessageSquare className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <strong>You asked for changes.</strong> {company.name} will send a revised estimate. You can still accept this one as it is.
      </p>
    </div>
  );
}

/** An estimate the page cannot show: an unknown link (the server answers such a page 404), or too many tries. */
export function EstimateProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Notice icon={<AlertCircle className="size-7" aria-hidden="true" />} title={title}>
      {children}
    </Notice>
  );
}
