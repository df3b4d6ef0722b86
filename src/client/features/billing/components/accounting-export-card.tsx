import { useState } from 'react';
import {
  accountingExportInputSchema,
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  EXPORT_KIND_LABELS,
  EXPORT_KINDS,
  type AccountingExportInput,
} from '../../../../shared/api/accounting-export';
import { monthBounds } from '../../../../shared/invoices';
import { localToday } from '../../../../shared/local-dates';
import { buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { apiRequest } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** Last month, as the office usually exports it. */
function lastMonth(): { from: string; to: string } {
  const today = localToday();
  const [year, month] = today.split('-').map(Number) as [number, number];
  const previous = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  const bounds = monthBounds(previous);
  return { from: bounds.start, to: bounds.end };
}

/** Saves what the server answered as a file, under the name it gave. */
async function download(response: Response) {
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * The accounting export (issue 25): invoices with late fees, credit notes or payments of a date
 * range, as a CSV file for QuickBooks Online or any other tool. Records go out once; "Export again"
 * includes those exported before.
 */
export function AccountingExportCard() {
  const [notice, setNotice] = useState('');
  const { register, submit, serverError, formState } = useSchemaForm(
    accountingExportInputSchema,
    { kind: 'invoices', format: 'quickbooks', ...lastMonth(), again: false } satisfies AccountingExportInput,
    async (values) => {
      setNotice('');
      const response = await apiRequest('POST', '/api/admin/accounting-exports', values);
      const records = Number(response.headers.get('X-Records') ?? 0);
      const name = await download(response);
      setNotice(
        records
          ? `Downloaded ${name}: ${records} ${records === 1 ? 'record' : 'records'}, now marked exported.`
          : `Downloaded ${name}: nothing new in those dates. Tick “Export again” to include records exported before.`,
      );
    },
  );
  const { errors, isSubmitting } = formState;
  return (
    <section aria-labelledby="export-title" className={cardClass()}>
      <h2 id="export-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Export for accounting
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        A CSV file in QuickBooks Online’s import layout (properties become sub-customers), or a plain one for any other tool. Each record
        goes out once.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Export for accounting">
        <Select label="What to export" {...register('kind')} error={errors.kind?.message}>
          {EXPORT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {EXPORT_KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
        <Select label="Layout" {...register('format')} error={errors.format?.message}>
          {EXPORT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {EXPORT_FORMAT_LABELS[format]}
            </option>
          ))}
        </Select>
        <TextField label="From" type="date" {...register('from')} error={errors.from?.message} />
        <TextField label="To" type="date" {...register('to')} error={errors.to?.message} />
        <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2 dark:text-slate-200">
          <input type="checkbox" className="size-4 rounded border-slate-400 dark:border-slate-500" {...register('again')} />
          Export again: include records exported before
        </label>
        <div className="flex items-center gap-3 sm:col-span-2 lg:justify-end">
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            {isSubmitting ? 'Exporting...' : 'Download CSV'}
          </button>
        </div>
        <div className="sm:col-span-2 lg:col-span-4">
          <FormError>{serverError}</FormError>
          <SavedNotice notice={notice} />
        </div>
      </form>
    </section>
  );
}
