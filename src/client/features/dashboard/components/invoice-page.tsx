import { ArrowLeft, BadgeCheck, Camera, FileDown, MapPin } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { Invoice, InvoiceLine, InvoiceSection, InvoiceSummary } from '../../../../shared/api/invoices';
import { company } from '../../../../shared/company';
import { mediumDateText, shortDateText } from '../../../../shared/date-formats';
import { invoicePeriodText, lateFeeLabel, PAYMENT_TERMS_LABELS } from '../../../../shared/invoices';
import { formatCents } from '../../../../shared/money';
import { InvoiceStatusPill } from '../../../components/billing/invoice-status-text';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TableHead } from '../../../components/ui/table-head';
import { ApiError, readableError } from '../../../lib/api-client';
import { useMyInvoice } from '../api/my-invoices';
import { myInvoicePdfUrl } from '../api/urls';
import { dashboardPaths } from '../dashboard-view';

const muted = 'text-slate-600 dark:text-slate-400';
const linkClass = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

/** "Invoice 2026-00012": how a sent invoice is named on every screen and in its PDF. */
export const invoiceName = (invoice: Pick<InvoiceSummary, 'number'>) => `Invoice ${invoice.number ?? ''}`.trim();

/** Thousandths as written: 1000 is "1", 1250 is "1.25". */
const quantityText = (milli: number) => (milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 });

/** What a line says under its name: how many at what price, how hours are counted, staff's note on a line added by hand. */
function lineDetails(line: InvoiceLine): string[] {
  const details: string[] = [];
  if (line.quantityMilli !== 1000) details.push(`${quantityText(line.quantityMilli)} × ${formatCents(line.unitPriceCents)}`);
  if (line.kind === 'hours') details.push('Hours on site, rounded up to the quarter hour');
  if (line.kind === 'adjustment' && line.note?.trim()) details.push(line.note.trim());
  return details;
}

function VerifiedMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800 ring-1 ring-brand-200 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      Verified on site
    </span>
  );
}

/** A line: its day, what was done (with its visit's photos and checklist, and "Verified on site"), and its amount. */
function LineRow({ line, propertyId }: { line: InvoiceLine; propertyId: string }) {
  const details = lineDetails(line);
  return (
    <tr className="align-top">
      <td className="py-3 pr-3 whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-300">{shortDateText(line.serviceDate)}</td>
      <td className="py-3 pr-3">
        <span className="font-medium text-slate-900 dark:text-white">{line.description}</span>
        {details.map((detail) => (
          <span key={detail} className={`block text-sm ${muted}`}>
            {detail}
          </span>
        ))}
        {line.visitId || line.verified ? (
          <span className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5">
            {line.verified ? <VerifiedMark /> : null}
            {line.visitId ? (
              <Link href={dashboardPaths.visit(propertyId, line.visitId)} className={`inline-flex items-center gap-1 text-sm ${linkClass}`}>
                <Camera className="size-4" aria-hidden="true" />
                Photos and checklist
                <span className="sr-only"> of the visit on {mediumDateText(line.serviceDate)}</span>
              </Link>
            ) : null}
          </span>
        ) : null}
      </td>
      <td className="py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
        {formatCents(line.amountCents)}
      </td>
    </tr>
  );
}

/** Label and amount rows, right-aligned: a section's subtotal, discount, tax and total, or the invoice's. */
function Totals({ rows, className }: { rows: Array<[string, number, boolean?]>; className?: string }) {
  return (
    <dl className={`ml-auto max-w-sm space-y-1.5 text-sm ${className ?? ''}`}>
      {rows.map(([label, cents, strong]) => (
        <div
          key={label}
          className={
            strong
              ? 'flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900 dark:border-slate-700 dark:text-white'
              : 'flex justify-between gap-4 text-slate-700 dark:text-slate-300'
          }
        >
          <dt>{label}</dt>
          <dd className="tabular-nums">{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One property's part of the invoice: where, its PO number, its lines and its totals. */
function PropertySection({ section }: { section: InvoiceSection }) {
  const titleId = `section-${section.propertyId}`;
  const rows: Array<[string, number, boolean?]> = [['Subtotal', section.subtotalCents]];
  if (section.discountCents) rows.push(['Term discount', -section.discountCents]);
  if (section.taxCents) rows.push(['Sales tax', section.taxCents]);
  rows.push([`Total for ${section.propertyName}`, section.totalCents, true]);
  return (
    <Card aria-labelledby={titleId} padding="p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-slate-900 dark:text-white">
            {section.propertyName}
          </h2>
          <p className={`mt-0.5 flex items-start gap-1.5 text-sm ${muted}`}>
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {section.address}
          </p>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {section.poNumber?.trim() ? `PO number: ${section.poNumber.trim()}` : 'No PO number'}
        </p>
      </div>
      <table className="mt-3 w-full text-left text-sm sm:text-base">
        <caption className="sr-only">Work billed at {section.propertyName}</caption>
        <TableHead
          className={`border-b border-slate-200 text-xs tracking-wide uppercase dark:border-slate-700 ${muted}`}
          cellClass="py-2 pr-3 font-semibold last:pr-0"
          columns={[['Date'], ['Service'], ['Amount', 'text-right']]}
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {section.lines.map((line) => (
            <LineRow key={line.id} line={line} propertyId={section.propertyId} />
          ))}
        </tbody>
      </table>
      <Totals rows={rows} className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800" />
    </Card>
  );
}

/** The figures at the top: period, dates and terms, and the amount due, with the PDF. */
function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  const facts: Array<[string, string]> = [
    ['Period', invoicePeriodText(invoice)],
    ['Invoice date', invoice.issuedOn ? mediumDateText(invoice.issuedOn) : ''],
    ['Terms', PAYMENT_TERMS_LABELS[invoice.paymentTerms]],
    ['Due date', invoice.dueOn ? mediumDateText(invoice.dueOn) : 'On receipt'],
  ];
  return (
    <Card as="div" padding="p-4 sm:p-6" className="grid gap-5 md:grid-cols-[1fr_auto] md:items-center">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-brand-50 p-4 md:min-w-72 dark:bg-brand-950/60">
        <div>
          <p className="text-sm font-semibold text-brand-900 dark:text-brand-100">Amount due</p>
          <p className="text-2xl font-bold text-brand-950 tabular-nums dark:text-white">{formatCents(invoice.amountDueCents)}</p>
        </div>
        <a href={myInvoicePdfUrl(invoice.id)} className={buttonClass()}>
          <FileDown className="size-4" aria-hidden="true" />
          Download PDF
        </a>
      </div>
    </Card>
  );
}

/** What the status asks of the customer: nothing for an open invoice; a word for one overdue, paid or void. */
function StatusNotice({ invoice }: { invoice: Invoice }) {
  const notice =
    invoice.status === 'void'
      ? {
          tone: 'border-slate-300 bg-slate-100 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          text: `This invoice was voided${invoice.voidReason ? `: ${invoice.voidReason}` : ''}. Nothing is due on it.`,
        }
      : invoice.status === 'overdue'
        ? {
            tone: 'border-red-200 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100',
            text: `This invoice was due on ${mediumDateText(invoice.dueOn!)}. Please pay ${formatCents(invoice.amountDueCents)}, or call ${company.phone.display} if something is not right.`,
          }
        : invoice.status === 'paid'
          ? {
              tone: 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100',
              text: 'Paid in full. Thank you!',
            }
          : null;
  if (!notice) return null;
  return (
    <p role="status" className={`rounded-xl border p-4 ${notice.tone}`}>
      {notice.text}
    </p>
  );
}

function InvoiceTotals({ invoice }: { invoice: Invoice }) {
  const rows: Array<[string, number, boolean?]> = [['Subtotal, all properties', invoice.subtotalCents]];
  if (invoice.discountCents) rows.push(['Term discount', -invoice.discountCents]);
  rows.push(['Sales tax', invoice.taxCents]);
  rows.push(['Invoice total', invoice.totalCents, !invoice.paidCents && !invoice.lateFeeCents]);
  if (invoice.lateFeeCents) rows.push([lateFeeLabel(invoice.lateFeeChargedOn), invoice.lateFeeCents]);
  if (invoice.paidCents) rows.push(['Paid and credited', -invoice.paidCents]);
  if (invoice.paidCents || invoice.lateFeeCents) rows.push(['Amount due', invoice.amountDueCents, true]);
  const titleId = 'invoice-totals';
  return (
    <Card aria-labelledby={titleId} padding="p-4 sm:p-6">
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900 dark:text-white">
            Invoice total
          </h2>
          <p className={`mt-2 text-sm ${muted}`}>
            {PAYMENT_TERMS_LABELS[invoice.paymentTerms]}
            {invoice.dueOn && invoice.amountDueCents > 0
              ? `: please pay ${formatCents(invoice.amountDueCents)} by ${mediumDateText(invoice.dueOn)}.`
              : '.'}{' '}
            The PDF says how to pay by check or bank transfer. Questions about this invoice? Call {company.phone.display} or write to{' '}
            <a className={linkClass} href={`mailto:${company.supportEmail}`}>
              {company.supportEmail}
            </a>
            .
          </p>
        </div>
        <Totals rows={rows} className="w-full" />
      </div>
    </Card>
  );
}

function NotFound({ error }: { error: Error }) {
  const missing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    document.title = `${missing ? 'Invoice not found' : 'Invoice not shown'} | ${company.name}`;
  }, [missing]);
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-dashed border-slate-300 p-8 dark:border-slate-700">
      <h1 className="text-xl font-bold text-slate-900 dark:text-white">
        {missing ? 'We could not find this invoice' : 'This invoice could not be shown just now'}
      </h1>
      <p className={`mt-2 ${muted}`}>
        {missing
          ? 'It is not one of your company’s invoices. Your invoices are listed under Invoices, or'
          : `${readableError(error)} Try again in a minute, or`}{' '}
        call {company.phone.display} and we will help.
      </p>
    </div>
  );
}

function OpenedInvoice({ invoice }: { invoice: Invoice }) {
  useEffect(() => {
    document.title = `${invoiceName(invoice)} | ${company.name}`;
  }, [invoice]);
  const lineCount = invoice.sections.reduce((sum, section) => sum + section.lines.length, 0);
  return (
    <div className="space-y-6">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{invoiceName(invoice)}</h1>
          <InvoiceStatusPill status={invoice.status} />
        </div>
        <p className={`mt-2 ${muted}`}>
          {invoice.customerName} · {invoicePeriodText(invoice)} · {lineCount} {lineCount === 1 ? 'line' : 'lines'} at{' '}
          {invoice.sections.length} {invoice.sections.length === 1 ? 'property' : 'properties'}
        </p>
      </div>
      <StatusNotice invoice={invoice} />
      <InvoiceFacts invoice={invoice} />
      <p className={`text-sm ${muted}`}>
        Every visit billed links to its record: the crew’s photos and checklist. “Verified on site” means the crew’s check-in was confirmed
        at the property.
      </p>
      {invoice.sections.map((section) => (
        <PropertySection key={section.propertyId} section={section} />
      ))}
      <InvoiceTotals invoice={invoice} />
    </div>
  );
}

/** /customer-dashboard/invoices/:id: one invoice by property, each visit line leading to its photos and checklist. */
export function InvoicePage({ invoiceId }: { invoiceId: string }) {
  const query = useMyInvoice(invoiceId);
  return (
    <div className="space-y-6">
      <Link href={dashboardPaths.invoices} className={`inline-flex items-center gap-1.5 text-sm ${linkClass}`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        All invoices
      </Link>
      {query.isPending ? (
        <p className={`py-12 text-center ${muted}`}>Loading your invoice…</p>
      ) : query.isError ? (
        <NotFound error={query.error} />
      ) : (
        <OpenedInvoice invoice={query.data} />
      )}
    </div>
  );
}
