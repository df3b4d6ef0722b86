import { UNIT_NAMES, type ServiceUnit, type TaxClass } from '../../shared/estimate-totals';
import { formatCents } from '../../shared/money';
import { Pill } from './ui/pill';
import { TableHead } from './ui/table-head';

const quiet = 'text-slate-600 dark:text-slate-400';
const th = 'py-2 pr-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';

/** A priced line of a property: an estimate's (optional or included) or an agreement's, with what it comes to. */
export interface ServiceLineRow {
  id: string;
  name: string;
  frequency: string;
  unit: ServiceUnit;
  unitPriceCents: number;
  taxClass: TaxClass;
  optional?: boolean;
  monthlyCents: number;
  oneTimeCents: number;
}

/** What a line comes to before discount and tax: a month, once, or by the hour. */
function amountText(line: ServiceLineRow) {
  if (line.monthlyCents) return `about ${formatCents(line.monthlyCents)} a month`;
  if (line.oneTimeCents) return `${formatCents(line.oneTimeCents)} one time`;
  return line.unit === 'hour' ? 'billed by the hour' : '—';
}

/**
 * A property's services as staff read them: each with its frequency, its price and what it comes
 * to; on a phone the frequency and the price go under the name. The estimate's page and the
 * agreement's page both show their lines with it.
 */
export function ServiceLinesTable({ caption, lines, className }: { caption: string; lines: ServiceLineRow[]; className?: string }) {
  return (
    <table className={`w-full table-fixed text-sm ${className ?? ''}`}>
      <caption className="sr-only">{caption}</caption>
      <TableHead
        className="border-b border-slate-200 dark:border-slate-800"
        cellClass={th}
        columns={[
          ['Service', 'sm:w-[36%]'],
          ['Frequency', 'hidden w-[26%] sm:table-cell'],
          ['Price', 'hidden w-[18%] text-right sm:table-cell'],
          ['Comes to', 'w-36 text-right sm:w-[20%]'],
        ]}
      />
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {lines.map((line) => (
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
            <td className="py-2 text-right tabular-nums">{amountText(line)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
