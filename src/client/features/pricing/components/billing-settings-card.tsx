import { useState } from 'react';
import { AGREEMENT_TERMS, TERM_NAMES } from '../../../../shared/estimate-totals';
import { percentToInput } from '../../../../shared/percent';
import { billingSettingsFormSchema, type BillingSettings, type BillingSettingsFormValues } from '../../../../shared/api/pricing';
import { useBillingSettings } from '../../../api/get-billing-settings';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateBillingSettings } from '../api/update-billing-settings';
import { heading, LiveCombinedRates, muted, SettingsList, TAXES } from './billing-settings-view';

const formValues = (settings: BillingSettings): BillingSettingsFormValues => ({
  termDiscounts: Object.fromEntries(
    AGREEMENT_TERMS.map((term) => [term, percentToInput(settings.termDiscounts[term])]),
  ) as BillingSettingsFormValues['termDiscounts'],
  taxRates: Object.fromEntries(
    TAXES.map(({ key }) => [key, percentToInput(settings.taxRates[key])]),
  ) as BillingSettingsFormValues['taxRates'],
});

function SettingsForm({ settings }: { settings: BillingSettings }) {
  const save = useUpdateBillingSettings();
  const [notice, setNotice] = useState('');
  const { register, submit, serverError, formState, control } = useSchemaForm(
    billingSettingsFormSchema,
    formValues(settings),
    async (values) => {
      setNotice('');
      await save.mutateAsync(values);
      setNotice('Billing settings saved. Estimates made from now on use them.');
    },
  );
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className={`${heading} mb-2`}>Term discounts</legend>
        {AGREEMENT_TERMS.map((term) => (
          <TextField
            key={term}
            label={`${TERM_NAMES[term]} (%)`}
            inputMode="decimal"
            autoComplete="off"
            {...register(`termDiscounts.${term}`)}
            error={errors.termDiscounts?.[term]?.message}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className={`${heading} mb-2`}>
          Sales tax rates{' '}
          <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">
            County and city taxes are added to the state’s.
          </span>
        </legend>
        {TAXES.map(({ key, label }) => (
          <TextField
            key={key}
            label={`${label} (%)`}
            inputMode="decimal"
            autoComplete="off"
            {...register(`taxRates.${key}`)}
            error={errors.taxRates?.[key]?.message}
          />
        ))}
      </fieldset>
      <LiveCombinedRates control={control} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={isSubmitting} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Saving...' : 'Save billing settings'}
        </button>
        <FormError>{serverError}</FormError>
      </div>
      <SavedNotice notice={notice} />
    </form>
  );
}

/** Billing settings: the term discounts and the sales-tax rates; owners change them, the office reads them. */
export function BillingSettingsCard({ mayEdit }: { mayEdit: boolean }) {
  const settings = useBillingSettings();
  return (
    <Card aria-labelledby="billing-settings-title">
      <h2 id="billing-settings-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Billing settings
      </h2>
      <p className={`mt-1 mb-4 ${muted}`}>
        Longer agreements earn a discount off the monthly amount; one-time work is never discounted. Sales tax applies only to taxable
        services, at the rate of the property’s location.
      </p>
      {settings.isPending ? (
        <p className={muted}>Loading the billing settings...</p>
      ) : settings.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Could not load the billing settings. Please refresh the page.
        </p>
      ) : mayEdit ? (
        <SettingsForm settings={settings.data} />
      ) : (
        <SettingsList settings={settings.data} />
      )}
      <p className={`mt-6 ${muted}`}>Defaults from Wisconsin DOR rates as of 2026 — confirm with the Wisconsin DOR before changing.</p>
    </Card>
  );
}
