import type { Estimate } from '../../../../shared/api/estimates';
import { formatPercent, UNIT_NAMES, type PropertyTotals } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { JURISDICTION_NAMES } from '../../../../shared/tax-jurisdictions';
import { useCrewMembers } from '../../../api/get-crew-members';
import { displayName } from '../../../../shared/display-name';
import { Card } from '../../../components/ui/card';
import { Pill } from '../../../components/ui/pill';
import { PropertyFigures } from './property-figures';

const quiet = 'text-slate-600 dark:text-slate-400';
const th = 'py-2 pr-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';

type StaffProperty = Estimate['properties'][number];

const sizeText = (property: StaffProperty) =>
  [
    property.parkingSpaces !== null ? `${property.parkingSpaces.toLocaleString('en-US')} parking spaces` : null,
    property.squareFeet !== null ? `${property.squareFeet.toLocaleString('en-US')} sq ft` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** What a line comes to: a month, once, or by the hour. */
function amountText(line: PropertyTotals['lines'][number]) {
  if (line.monthlyCents) return `about ${formatCents(line.monthlyCents)} a month`;
  if (line.oneTimeCents) return `${formatCents(line.oneTimeCents)} one time`;
  if (line.hourlyCents) return 'billed by the hour';
  return '—';
}

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
      <div className="mt-4">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">The services at {property.name}</caption>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              <th scope="col" className={`${th} sm:w-[36%]`}>
                Service
              </th>
              <th scope="col" className={`${th} hidden w-[26%] sm:table-cell`}>
                Frequency
              </th>
              <th scope="col" className={`${th} hidden w-[18%] text-right sm:table-cell`}>
                Price
              </th>
              <th scope="col" className={`${th} w-36 text-right sm:w-[20%]`}>
                Comes to
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {property.lines.map((line, l) => (
              <tr key={line.id} className="align-top text-slate-800 dark:text-slate-200">
                <td className="py-2 pr-3">
                  <span className="font-medium text-slate-900 dark:text-white">{line.name}</span>
                  {line.optional ? (
                    <Pill tone="violet" className="ml-2">
                      Optional
                    </Pill>
                  ) : null}
                  {line.taxClass === 'taxable' ? <span className={`block text-xs ${quiet}`}>Taxable</span> : null}
                  {/* On a phone the frequency and price have no columns of their own. */}
                  <span className={`block text-xs sm:hidden ${quiet}`}>
                    {line.frequency} · {formatCents(line.unitPriceCents)} {UNIT_NAMES[line.unit]}
                  </span>
                </td>
                <td className="hidden py-2 pr-3 sm:table-cell">{line.frequency}</td>
                <td className="hidden py-2 pr-3 text-right whitespace-nowrap tabular-nums sm:table-cell">
                  {formatCents(line.unitPriceCents)} <span className={quiet}>{UNIT_NAMES[line.unit]}</span>
                </td>
                <td className="py-2 text-right tabular-nums">{amountText(totals.lines[l]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
