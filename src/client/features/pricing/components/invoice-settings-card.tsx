import { useState } from 'react';
import { invoiceSettingsFormSchema, type InvoiceSettingsBody, type InvoiceSettingsFormValues } from '../../../../shared/api/payments';
import { centsToInput, formatCents } from '../../../../shared/money';
import { formatPercent } from '../../../../shared/estimate-totals';
import { percentToInput } from '../../../../shared/percent';
import { useInvoiceSettings, useUpdateInvoiceSettings } from '../../../api/billing';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { Select } from '../../../components/ui/select';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { heading, muted } from './billing-settings-view';

const formValues = (settings: InvoiceSettingsBody): InvoiceSettingsFormValues => ({
  achInstructions: settings.achInstructions,
  creditCompanySkips: settings.creditCompanySkips,
  reminderDaysBefore: settings.reminderDaysBefore === null ? '' : String(settings.reminderDaysBefore),
  reminderDaysAfter: settings.reminderDaysAfter.join(', '),
  lateFeeKind: settings.lateFee.kind,
  lateFeeFlat: settings.lateFee.flatCents ? centsToInput(settings.lateFee.flatCents) : '',
  lateFeePercent: settings.lateFee.percentBp ? percentToInput(settings.lateFee.percentBp) : '',
  lateFeeGraceDays: String(settings.lateFee.graceDays),
});

function SettingsForm({ settings }: { settings: InvoiceSettingsBody }) {
  const save = useUpdateInvoiceSettings();
  const [notice, setNotice] = useState('');
  const { register, submit, serverError, formState, watch } = useSchemaForm(
    invoiceSettingsFormSchema,
    formValues(settings),
    async (values) => {
      setNotice('');
      await save.mutateAsync(values);
      setNotice('Invoice settings saved. Fees already charged and reminders already sent stay as they are.');
    },
  );
  const { errors, isSubmitting } = formState;
  const kind = watch('lateFeeKind');
  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Invoice settings">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className={`${heading} mb-2`}>Reminders</legend>
        <TextField
          label="Friendly reminder, days before the due date"
          hint="Blank: none"
          inputMode="numeric"
          autoComplete="off"
          {...register('reminderDaysBefore')}
          error={errors.reminderDaysBefore?.message}
        />
        <TextField
          label="Overdue reminders, days after the due date"
          hint="Such as 7, 14, 30; blank: none"
          autoComplete="off"
          {...register('reminderDaysAfter')}
          error={errors.reminderDaysAfter?.message}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className={`${heading} mb-2`}>
          Late fee{' '}
          <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">
            Never charged before a customer’s own due date and the grace period after it.
          </span>
        </legend>
        <Select label="Late fee" {...register('lateFeeKind')} error={errors.lateFeeKind?.message}>
          <option value="off">No late fee</option>
          <option value="flat">A flat fee</option>
          <option value="percent">A percentage of what is overdue</option>
        </Select>
        {kind === 'flat' ? (
          <TextField
            label="Flat fee ($)"
            inputMode="decimal"
            autoComplete="off"
            {...register('lateFeeFlat')}
            error={errors.lateFeeFlat?.message}
          />
        ) : null}
        {kind === 'percent' ? (
          <TextField
            label="Percentage (%)"
            inputMode="decimal"
            autoComplete="off"
            {...register('lateFeePercent')}
            error={errors.lateFeePercent?.message}
          />
        ) : null}
        {kind !== 'off' ? (
          <TextField
            label="Grace period (days)"
            inputMode="numeric"
            autoComplete="off"
            {...register('lateFeeGraceDays')}
            error={errors.lateFeeGraceDays?.message}
          />
        ) : null}
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className={`${heading} mb-2`}>Payment and credits</legend>
        <TextAreaField
          label="ACH instructions (printed on every invoice)"
          hint="Bank, routing and account numbers; blank: checks only"
          rows={3}
          {...register('achInstructions')}
          error={errors.achInstructions?.message}
        />
        <label className="flex items-center gap-2 text-sm text-slate-900 dark:text-white">
          <input type="checkbox" className="size-4 rounded border-slate-400 dark:border-slate-500" {...register('creditCompanySkips')} />
          Credit visits we skip (weather, a holiday) on monthly agreements
        </label>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={isSubmitting} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Saving...' : 'Save invoice settings'}
        </button>
        <FormError>{serverError}</FormError>
      </div>
      <SavedNotice notice={notice} />
    </form>
  );
}

function SettingsList({ settings }: { settings: InvoiceSettingsBody }) {
  const fee = settings.lateFee;
  const rows: Array<[string, string]> = [
    ['Friendly reminder', settings.reminderDaysBefore ? `${settings.reminderDaysBefore} days before the due date` : 'None'],
    ['Overdue reminders', settings.reminderDaysAfter.length ? `${settings.reminderDaysAfter.join(', ')} days after the due date` : 'None'],
    [
      'Late fee',
      fee.kind === 'off'
        ? 'None'
        : `${fee.kind === 'flat' ? formatCents(fee.flatCents) : `${formatPercent(fee.percentBp)} of what is overdue`}, after ${fee.graceDays} days’ grace`,
    ],
    ['ACH', settings.achInstructions || 'Checks only'],
    ['Visits we skip', settings.creditCompanySkips ? 'Credited' : 'Not credited'],
  ];
  return (
    <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={muted}>{label}</dt>
          <dd className="text-sm whitespace-pre-line text-slate-900 dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Invoices (issue 25): reminders, late fees, ACH instructions and credits for skipped visits; owners change them, the office reads them. */
export function InvoiceSettingsCard({ mayEdit }: { mayEdit: boolean }) {
  const settings = useInvoiceSettings();
  return (
    <Card aria-labelledby="invoice-settings-title">
      <h2 id="invoice-settings-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Invoice settings
      </h2>
      <p className={`mt-1 mb-4 ${muted}`}>How customers are reminded, charged when late, and told to pay.</p>
      {settings.isPending ? (
        <p className={muted}>Loading the invoice settings...</p>
      ) : settings.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Could not load the invoice settings. Please refresh the page.
        </p>
      ) : mayEdit ? (
        <SettingsForm settings={settings.data} />
      ) : (
        <SettingsList settings={settings.data} />
      )}
    </Card>
  );
}
