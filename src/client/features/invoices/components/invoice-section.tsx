import { BadgeCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { InvoiceLine, InvoiceSection as Section } from '../../../../shared/api/invoices';
import { invoiceLineRemovalSchema } from '../../../../shared/api/invoices';
import { instantDateText, shortDateText } from '../../../../shared/date-formats';
import { formatCents } from '../../../../shared/money';
import { buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { TableHead } from '../../../components/ui/table-head';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRemoveInvoiceLine } from '../api/invoices';

const quiet = 'text-slate-600 dark:text-slate-400';
const th = 'py-2 pr-4 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';

/** "Verified on site", as a visit's record shows it: the check-in was made within the property's fence. */
function VerifiedMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800 ring-1 ring-brand-200 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      Verified on site
    </span>
  );
}

/** A quantity other than one: "1.25 hours × $85.00" for a callout by the hour. */
function quantityText(line: InvoiceLine): string | null {
  if (line.quantityMilli === 1000) return null;
  const quantity = String(line.quantityMilli / 1000);
  return `${line.kind === 'hours' ? `${quantity} hours` : quantity} × ${formatCents(line.unitPriceCents)}`;
}

/** Why a line comes off the draft; the audit log keeps the reason, and the next run does not bill it again. */
function RemoveLineForm({ invoiceId, line, onDone }: { invoiceId: string; line: InvoiceLine; onDone: (message: string | null) => void }) {
  const remove = useRemoveInvoiceLine(invoiceId);
  const { register, submit, serverError, formState } = useSchemaForm(invoiceLineRemovalSchema, { reason: '' }, async ({ reason }) => {
    await remove.mutateAsync({ lineId: line.id, reason });
    onDone(`Removed “${line.description}” (${formatCents(line.amountCents)}).`);
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Remove “${line.description}”`}
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="text-sm text-amber-950 dark:text-amber-100">
        Take “{line.description}” ({formatCents(line.amountCents)}) off this draft?{' '}
        {line.kind === 'adjustment' ? 'It was added by hand, so it goes.' : 'The next billing run will not bill it again.'}
      </p>
      <TextField
        label="Why it comes off"
        hint="The audit log keeps the reason."
        autoComplete="off"
        {...register('reason')}
        error={formState.errors.reason?.message}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass({ size: 'sm' })}>
          {formState.isSubmitting ? 'Removing...' : 'Remove line'}
        </button>
        <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => onDone(null)}>
          Keep it
        </button>
      </div>
      <FormError>{serverError}</FormError>
    </form>
  );
}

function LineRow({
  invoiceId,
  line,
  editable,
  onNotice,
}: {
  invoiceId: string;
  line: InvoiceLine;
  editable: boolean;
  onNotice: (message: string) => void;
}) {
  const [removing, setRemoving] = useState(false);
  const removed = line.removal !== null;
  const quantity = quantityText(line);
  return (
    <>
      <tr data-line={line.id} className={removed ? 'text-slate-500 dark:text-slate-400' : 'text-slate-800 dark:text-slate-200'}>
        <td className="py-3 pr-4 align-top whitespace-nowrap tabular-nums">{shortDateText(line.serviceDate)}</td>
        <td className="py-3 pr-4 align-top">
          <span className={cn('font-medium', removed ? 'line-through' : 'text-slate-900 dark:text-white')}>{line.description}</span>
          {quantity ? <span className={cn('block text-sm', quiet)}>{quantity}</span> : null}
          {line.verified || line.visitId ? (
            <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              {line.verified ? <VerifiedMark /> : null}
              {line.visitId ? (
                <Link
                  href={`/admin/visits/${line.visitId}`}
                  className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
                >
                  Visit record<span className="sr-only"> of {shortDateText(line.serviceDate)}</span>
                </Link>
              ) : null}
            </span>
          ) : null}
          {line.note ? <span className={cn('mt-1 block text-sm', quiet)}>Added by staff: {line.note}</span> : null}
          {line.removal ? (
            <span className="mt-1 block text-sm text-amber-800 dark:text-amber-300">
              Removed {instantDateText(line.removal.at)}: {line.removal.reason}
            </span>
          ) : null}
        </td>
        <td className="py-3 pr-4 text-right align-top whitespace-nowrap tabular-nums">
          <span className={cn('font-semibold', removed ? 'line-through' : 'text-slate-900 dark:text-white')}>
            {removed ? <span className="sr-only">Not billed: </span> : null}
            {formatCents(line.amountCents)}
          </span>
          {!removed && line.discountCents ? (
            <span className={cn('block text-xs', quiet)}>−{formatCents(line.discountCents)} discount</span>
          ) : null}
          {!removed && line.taxCents ? <span className={cn('block text-xs', quiet)}>+{formatCents(line.taxCents)} tax</span> : null}
        </td>
        {editable ? (
          <td className="py-3 text-right align-top">
            {!removed && !removing ? (
              <button
                type="button"
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
                onClick={() => setRemoving(true)}
                aria-label={`Remove “${line.description}” of ${shortDateText(line.serviceDate)}`}
              >
                Remove
              </button>
            ) : null}
          </td>
        ) : null}
      </tr>
      {removing ? (
        <tr>
          <td colSpan={editable ? 4 : 3} className="pb-3">
            <RemoveLineForm
              invoiceId={invoiceId}
              line={line}
              onDone={(message) => {
                setRemoving(false);
                if (message) onNotice(message);
              }}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** A figure under the lines, in the amount column (the remove column stays empty). */
function TotalRow({ label, cents, strong = false, editable }: { label: string; cents: number; strong?: boolean; editable: boolean }) {
  return (
    <tr className={strong ? 'font-semibold text-slate-900 dark:text-white' : quiet}>
      <th scope="row" colSpan={2} className="py-1 pr-4 text-right font-[inherit]">
        {label}
      </th>
      <td className="py-1 pr-4 text-right whitespace-nowrap tabular-nums">{formatCents(cents)}</td>
      {editable ? <td /> : null}
    </tr>
  );
}

/** One property's part of the invoice: its address and PO number, its lines, and what they come to. */
export function InvoiceSection({
  invoiceId,
  section,
  editable,
  onNotice,
}: {
  invoiceId: string;
  section: Section;
  editable: boolean;
  onNotice: (message: string) => void;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cardClass()}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {section.propertyName}
        </h2>
        <p className={cn('text-sm', quiet)}>{section.poNumber ? `PO ${section.poNumber}` : 'No PO number'}</p>
      </div>
      <p className={cn('text-sm', quiet)}>{section.address}</p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Lines billed for {section.propertyName}</caption>
          <TableHead
            className="border-b border-slate-200 dark:border-slate-800"
            cellClass={th}
            columns={[
              ['Date'],
              ['Service', 'w-full'],
              ['Amount', 'text-right'],
              ...(editable ? ([[<span className="sr-only">Remove</span>, 'pr-0']] as const) : []),
            ]}
          />
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {section.lines.map((line) => (
              <LineRow key={line.id} invoiceId={invoiceId} line={line} editable={editable} onNotice={onNotice} />
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 dark:border-slate-800">
            {section.discountCents || section.taxCents ? (
              <TotalRow label="Subtotal" cents={section.subtotalCents} editable={editable} />
            ) : null}
            {section.discountCents ? <TotalRow label="Term discount" cents={-section.discountCents} editable={editable} /> : null}
            {section.taxCents ? <TotalRow label="Sales tax" cents={section.taxCents} editable={editable} /> : null}
            <TotalRow label={`${section.propertyName} total`} cents={section.totalCents} strong editable={editable} />
          </tfoot>
        </table>
      </div>
    </section>
  );
}
