import type { Estimate } from '../../../../shared/api/estimates';
import { formatPercent, type PropertyTotals } from '../../../../shared/estimate-totals';
import { JURISDICTION_NAMES } from '../../../../shared/tax-jurisdictions';
import { useCrewMembers } from '../../../api/get-crew-members';
import { displayName } from '../../../../shared/display-name';
import { Card } from '../../../components/ui/card';
import { ServiceLinesTable } from '../../../components/service-lines-table';
import { PropertyFigures } from './property-figures';

const quiet = 'text-slate-600 dark:text-slate-400';

type StaffProperty = Estimate['properties'][number];

const sizeText = (property: StaffProperty) =>
  [
    property.parkingSpaces !== null ? `${property.parkingSpaces.toLocaleString('en-US')} parking spaces` : null,
    property.squareFeet !== null ? `${property.squareFeet.toLocaleString('en-US')} sq ft` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** One property of a saved estimate, read only: the site, the proposed crew, each line with its amount, and the property's figures. */
function PropertyView({ property, totals, index }: { property: StaffProperty; totals: PropertyTotals; index: number }) {
  const crew = useCrewMembers();
  const crewNames = property.crewUserIds.map((id) => {
    const member = crew.data?.find((candidate) => candidate.id === id);
    return member ? displayName(member) : 'a former crew member';
  });
  return (
    <Card as="li" aria-labelledby={`view-property-${index}`} padding="p-5">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Property {index + 1}</p>
      <h3 id={`view-property-${index}`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {property.name}
      </h3>
      <p className={`mt-1 text-sm ${quiet}`}>
        {property.address}, {property.city}, {property.state} {property.zipCode} · {property.propertyType}
        {sizeText(property) ? ` · ${sizeText(property)}` : ''}
      </p>
      <p className={`mt-1 text-sm ${quiet}`}>
        Sales tax: {JURISDICTION_NAMES[property.taxJurisdiction]}, {formatPercent(property.taxRateBp)} · Crew:{' '}
        {crewNames.length ? crewNames.join(', ') : 'needs a crew'}
      </p>
      <ServiceLinesTable
        className="mt-4"
        caption={`The services at ${property.name}`}
        lines={property.lines.map((line, l) => ({ ...line, ...totals.lines[l]! }))}
      />
      <PropertyFigures totals={totals} className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800" />
    </Card>
  );
}

/** The estimate's properties, each with its lines and figures. */
export function EstimatePropertiesView({ estimate, totals }: { estimate: Estimate; totals: PropertyTotals[] }) {
  return (
    <section aria-labelledby="view-properties-title">
      <h2 id="view-properties-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {estimate.properties.length === 1 ? 'The property' : `${estimate.properties.length} properties`}
      </h2>
      <ul className="mt-3 grid gap-4">
        {estimate.properties.map((property, index) => (
          <PropertyView key={property.id} property={property} totals={totals[index]!} index={index} />
        ))}
      </ul>
    </section>
  );
}
