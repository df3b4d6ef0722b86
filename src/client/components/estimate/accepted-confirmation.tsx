import { CalendarCheck, CheckCircle2, Mail, UserRound } from 'lucide-react';
import type { PublicEstimate } from '../../../shared/api/estimates';
import { company } from '../../../shared/company';
import { instantDateTimeText, mediumDateText } from '../../../shared/date-formats';
import { FIRST_VISIT_BUSINESS_DAYS } from '../../../shared/estimates';
import { TERM_NAMES } from '../../../shared/estimate-totals';
import { formatCents } from '../../../shared/money';
import { cardClass } from '../ui/card';
import { totalsFor } from './live-totals';
import { FocusedHeading } from './focused-heading';
import { PdfLink } from './terms-and-pdf';
import { totalsInWords } from './totals-summary';

type Acceptance = NonNullable<PublicEstimate['acceptance']>;

/**
 * An accepted estimate: the same confirmation right after pressing Accept, in a second tab, and on
 * any later visit to the link. Who signed and when, the term and what it comes to, and what happens next.
 */
export function AcceptedConfirmation({
  estimate,
  acceptance,
  justAccepted,
  signedCopyNote,
}: {
  estimate: PublicEstimate;
  acceptance: Acceptance;
  /** Accepted in this tab just now: the heading takes the focus where the button was. */
  justAccepted: boolean;
  /** What comes by e-mail, when not the signed copy and the portal's invitation (a customer already in the portal). */
  signedCopyNote?: string;
}) {
  const totals = totalsFor(estimate, acceptance.term, acceptance.optionalLineIds);
  const words = totalsInWords(totals);
  const next = [
    {
      icon: CalendarCheck,
      text: `We schedule the first visit at each property within ${FIRST_VISIT_BUSINESS_DAYS} business days, or on your start date, ${mediumDateText(estimate.proposedStartDate)}, if that is later.`,
    },
    {
      icon: Mail,
      text:
        signedCopyNote ??
        `We e-mail you a signed copy of this estimate, and an invitation to the ${company.name} customer portal, where you see every visit with its before and after photos.`,
    },
    { icon: UserRound, text: `Questions or a change of plans? Call ${company.phone.display} or write to ${company.supportEmail}.` },
  ];
  return (
    <section aria-labelledby="accepted-heading" className={cardClass({ padding: 'p-0', className: 'mx-auto max-w-3xl overflow-hidden' })}>
      <div className="flex items-start gap-3 bg-emerald-50 px-5 py-5 sm:px-8 dark:bg-emerald-950/40">
        <CheckCircle2 className="mt-0.5 size-7 shrink-0 text-leaf-700 dark:text-emerald-400" aria-hidden="true" />
        <div>
          <FocusedHeading id="accepted-heading" focus={justAccepted}>
            Thank you — your service agreement is in place
          </FocusedHeading>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Accepted by {acceptance.name}, {acceptance.title}, on {instantDateTimeText(acceptance.at)}.
          </p>
        </div>
      </div>
      <dl className="grid gap-px bg-slate-200 sm:grid-cols-3 dark:bg-slate-800">
        {[
          ['Term', TERM_NAMES[acceptance.term]],
          ['Each month', words.monthly ?? 'No recurring service'],
          ['One time, with tax', totals.oneTimeCents > 0 ? formatCents(totals.oneTimeTotalCents) : 'None'],
        ].map(([label, value]) => (
          <div key={label} className="bg-white px-5 py-3 sm:px-8 dark:bg-slate-900">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="px-5 py-5 sm:px-8">
        <h3 className="font-semibold text-slate-900 dark:text-white">What happens next</h3>
        <ul className="mt-3 space-y-3">
          {next.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3 text-slate-700 dark:text-slate-300">
              <Icon className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
        <div className="mt-5">
          <PdfLink href={estimate.pdfUrl} label="Download the signed PDF" />
        </div>
      </div>
    </section>
  );
}
