import { useWatch, type Control } from 'react-hook-form';
import { AGREEMENT_TERMS, formatPercent, TERM_NAMES } from '../../../../shared/estimate-totals';
import { MAX_BASIS_POINTS, parsePercent, type ParsedPercent } from '../../../../shared/percent';
import type { BillingSettings, BillingSettingsFormValues } from '../../../../shared/api/pricing';
import { JURISDICTION_NAMES, TAX_JURISDICTIONS, taxRateBp, type TaxRates } from '../../../../shared/tax-jurisdictions';

/** The billing settings in words: the taxes as the settings hold them, each jurisdiction's combined rate, the office's read-only view. */

export const TAXES: Array<{ key: keyof TaxRates; label: string }> = [
  { key: 'stateBp', label: 'Wisconsin (state)' },
  { key: 'milwaukeeCountyBp', label: 'Milwaukee County' },
  { key: 'milwaukeeCityBp', label: 'City of Milwaukee' },
  { key: 'waukeshaCountyBp', label: 'Waukesha County' },
];
export const heading = 'text-base font-semibold text-slate-900 dark:text-white';
export const muted = 'text-sm text-slate-600 dark:text-slate-400';

/** What each jurisdiction pays in all: the City of Milwaukee pays the state's, the county's and the city's. */
function CombinedRates({ rates }: { rates: TaxRates | null }) {
  return (
    <div>
      <h3 className={heading}>Combined rate by location</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {TAX_JURISDICTIONS.map((jurisdiction) => (
          <div key={jurisdiction} className="flex justify-between gap-4 border-b border-slate-200 py-1 dark:border-slate-800">
            <dt className="text-slate-700 dark:text-slate-300">{JURISDICTION_NAMES[jurisdiction]}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
              {rates ? formatPercent(taxRateBp(jurisdiction, rates)) : '—'}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The combined rates as the owner types: a rate that does not read (yet) shows a dash. */
export function LiveCombinedRates({ control }: { control: Control<BillingSettingsFormValues, unknown, BillingSettings> }) {
  const typed = useWatch({ control, name: 'taxRates' });
  const parsed = TAXES.map(({ key }) => [key, parsePercent(typed[key] ?? '')] as const);
  const valid = parsed.every(([, result]) => result.ok && result.bp >= 0 && result.bp <= MAX_BASIS_POINTS);
  const rates = (bps: Array<readonly [keyof TaxRates, ParsedPercent]>) =>
    bps.reduce((all, [key, result]) => ({ ...all, [key]: result.ok ? result.bp : 0 }), {} as TaxRates);
  return <CombinedRates rates={valid ? rates(parsed) : null} />;
}

/** The settings as the office sees them: read only. */
export function SettingsList({ settings }: { settings: BillingSettings }) {
  return (
    <div className="grid gap-6">
      <div>
        <h3 className={heading}>Term discounts</h3>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          {AGREEMENT_TERMS.map((term) => (
            <div key={term} className="flex justify-between gap-4 border-b border-slate-200 py-1 dark:border-slate-800">
              <dt className="text-slate-700 dark:text-slate-300">{TERM_NAMES[term]}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatPercent(settings.termDiscounts[term])}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h3 className={heading}>Sales tax rates</h3>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {TAXES.map(({ key, label }) => (
            <div key={key} className="flex justify-between gap-4 border-b border-slate-200 py-1 dark:border-slate-800">
              <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatPercent(settings.taxRates[key])}</dd>
            </div>
          ))}
        </dl>
      </div>
      <CombinedRates rates={settings.taxRates} />
    </div>
  );
}
