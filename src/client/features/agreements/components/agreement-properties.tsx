import { Link } from 'wouter';
import type { ConsoleAgreement } from '../../../../shared/api/agreements';
import { formatCents } from '../../../../shared/money';
import { ServiceLinesTable } from '../../../components/service-lines-table';
import { Card } from '../../../components/ui/card';
import { FirstVisitText } from './first-visit-text';

const quiet = 'text-slate-600 dark:text-slate-400';

type Line = ConsoleAgreement['lines'][number];
type Property = ConsoleAgreement['properties'][number];

/** One property of the agreement: where it is, its PO number, its first visit, and the accepted lines with their prices. */
function PropertyCard({ property, lines, index }: { property: Property; lines: Line[]; index: number }) {
  const titleId = `agreement-property-${index}`;
  return (
    <Card as="li" aria-labelledby={titleId} padding="p-5" data-agreement-property={property.propertyId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          <Link href={`/admin/properties/${property.propertyId}`} className="text-brand-700 hover:underline dark:text-brand-300">
            {property.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
          <span className="font-semibold text-slate-900 dark:text-white">about {formatCents(property.monthlyTotalCents)} a month</span>
          {property.oneTimeTotalCents ? ` · ${formatCents(property.oneTimeTotalCents)} one time` : ''}
        </p>
      </div>
      <p className={`mt-1 text-sm ${quiet}`}>
        {property.address}, {property.city}, {property.state} {property.zipCode} ·{' '}
        {property.poNumber ? `PO ${property.poNumber}` : 'No PO number'}
      </p>
      <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">
        <span className="font-medium">First visit: </span>
        <FirstVisitText visit={property.firstVisit} />
      </p>
      <ServiceLinesTable className="mt-4" caption={`The services at ${property.name}, as accepted`} lines={lines} />
    </Card>
  );
}

/** The agreement's properties, each with its accepted lines, in the estimate's order. */
export function AgreementProperties({ agreement }: { agreement: ConsoleAgreement }) {
  const count = agreement.properties.length;
  return (
    <section aria-labelledby="agreement-properties-title">
      <h2 id="agreement-properties-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {count === 1 ? 'The property' : `${count} properties`}
      </h2>
      <ul className="mt-3 grid gap-4">
        {agreement.properties.map((property, index) => (
          <PropertyCard
            key={property.propertyId}
            property={property}
            index={index}
            lines={agreement.lines.filter((line) => line.propertyId === property.propertyId)}
          />
        ))}
      </ul>
    </section>
  );
}
