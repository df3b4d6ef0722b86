import { FileDown, MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import type { Agreement } from '../../../../shared/api/estimates';
import { fullDateText } from '../../../../shared/date-formats';
import type { PropertyTotals } from '../../../../shared/estimate-totals';
import { AgreementStatusPill } from '../../../components/agreement-status-pill';
import { ServiceLinesTable } from '../../../components/service-lines-table';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { agreementDates, agreementTotals, listText, mayCancel, moneyText, termText } from './agreement-text';
import { CancelAgreementDialog } from './cancel-agreement-dialog';

/** One property of the agreement: where it is, its PO number, and each service with how often and its price. */
function AgreementProperty({ agreement, propertyId, totals }: { agreement: Agreement; propertyId: string; totals: PropertyTotals }) {
  const property = agreement.properties.find((candidate) => candidate.id === propertyId)!;
  const lines = agreement.lines.filter((line) => line.propertyId === propertyId);
  const money = moneyText(totals, agreement.discountBp);
  return (
    <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <h4 className="font-bold text-slate-900 dark:text-white">{property.name}</h4>
      <p className="mt-0.5 flex items-start gap-1.5 text-sm text-slate-600 dark:text-slate-400">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {property.address}, {property.city}, {property.state} {property.zipCode}
          {property.poNumber ? ` · PO ${property.poNumber}` : ''}
        </span>
      </p>
      <ServiceLinesTable
        className="mt-3"
        caption={`Services at ${property.name}`}
        lines={lines.map((line) => {
          const amounts = totals.lines.find((candidate) => candidate.id === line.id);
          return { ...line, monthlyCents: amounts?.monthlyCents ?? 0, oneTimeCents: amounts?.oneTimeCents ?? 0 };
        })}
      />
      {money ? <p className="mt-1 text-sm text-slate-700 tabular-nums dark:text-slate-300">{money}</p> : null}
    </div>
  );
}

/**
 * A service agreement in the portal: its properties, services and prices, the term and discount,
 * its dates (a fixed term's last day and its renewal month to month), its status, the signed copy,
 * and, while it runs month to month, "Cancel agreement" with 30 days' notice.
 */
export function AgreementCard({ agreement, today }: { agreement: Agreement; today: string }) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const totals = agreementTotals(agreement);
  const total = moneyText(totals, agreement.discountBp);
  return (
    <Card aria-labelledby={titleId} padding="p-5 sm:p-6" className="space-y-4" data-agreement={agreement.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold text-slate-900 dark:text-white">
            {listText(agreement.properties.map((property) => property.name))}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">Service agreement from estimate {agreement.estimateNumber}</p>
        </div>
        <AgreementStatusPill status={agreement.status} />
      </div>
      {agreement.status === 'ending' && agreement.endsOn ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          You gave notice: service ends on <strong>{fullDateText(agreement.endsOn)}</strong>. Our crews keep to the schedule until then.
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {[['Term', termText(agreement)] as [string, string], ...agreementDates(agreement, today)].map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      {totals.properties.map((propertyTotals) => (
        <AgreementProperty key={propertyTotals.id} agreement={agreement} propertyId={propertyTotals.id} totals={propertyTotals} />
      ))}
      {total && agreement.properties.length > 1 ? (
        <p className="border-t border-slate-200 pt-4 font-semibold text-slate-900 tabular-nums dark:border-slate-800 dark:text-white">
          In all: {total.charAt(0).toLowerCase() + total.slice(1)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <a href={agreement.signedPdfUrl} download className={buttonClass({ variant: 'secondary' })}>
          <FileDown className="size-4" aria-hidden="true" />
          Download signed copy
        </a>
        {mayCancel(agreement, today) ? (
          <button type="button" onClick={() => setConfirming(true)} className={buttonClass({ variant: 'ghost' })}>
            Cancel agreement
          </button>
        ) : null}
      </div>
      {confirming ? <CancelAgreementDialog agreement={agreement} today={today} onClose={() => setConfirming(false)} /> : null}
    </Card>
  );
}
