import { ArrowLeft, ArrowRight, FileDown, Receipt } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import type { InvoiceSummary } from '../../../../shared/api/invoices';
import { company } from '../../../../shared/company';
import { mediumDateText } from '../../../../shared/date-formats';
import { invoicePeriodText } from '../../../../shared/invoices';
import { formatCents } from '../../../../shared/money';
import { InvoiceStatusPill } from '../../../components/billing/invoice-status-text';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useMyInvoices } from '../api/my-invoices';
import { MY_STATEMENT_URL, myInvoicePdfUrl } from '../api/urls';
import { dashboardPaths } from '../dashboard-view';
import { CustomerFrame } from './customer-frame';
import { invoiceName, InvoicePage } from './invoice-page';

const muted = 'text-slate-600 dark:text-slate-400';
const linkClass = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

/** One invoice in the list: its number and status, then its period, total, what is still due and by when, and its PDF. */
function InvoiceItem({ invoice }: { invoice: InvoiceSummary }) {
  const titleId = `invoice-${invoice.id}`;
  const settled = invoice.status === 'paid' || invoice.status === 'void';
  const facts: Array<[string, string]> = [
    ['Period', invoicePeriodText(invoice)],
    ['Total', formatCents(invoice.totalCents)],
    ['Amount due', formatCents(invoice.amountDueCents)],
    ['Due date', invoice.dueOn ? mediumDateText(invoice.dueOn) : 'On receipt'],
  ];
  return (
    <Card as="li" aria-labelledby={titleId} padding="p-4 sm:p-5" data-invoice={invoice.id}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-lg font-bold text-slate-900 dark:text-white">
            <Link href={dashboardPaths.invoice(invoice.id)} className="hover:underline">
              {invoiceName(invoice)}
            </Link>
          </h2>
          <InvoiceStatusPill status={invoice.status} />
        </div>
        <div className="flex items-center gap-2">
          <a
            href={myInvoicePdfUrl(invoice.id)}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            aria-label={`Download ${invoiceName(invoice)} as a PDF`}
          >
            <FileDown className="size-4" aria-hidden="true" />
            PDF
          </a>
          <Link
            href={dashboardPaths.invoice(invoice.id)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            aria-describedby={titleId}
          >
            View
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
            <dd
              className={
                label === 'Amount due' && !settled
                  ? 'mt-0.5 font-bold text-slate-900 tabular-nums dark:text-white'
                  : 'mt-0.5 text-slate-900 tabular-nums dark:text-white'
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** What the customer owes across their invoices now, when anything. */
function OwingSummary({ invoices }: { invoices: InvoiceSummary[] }) {
  const owing = invoices.filter((invoice) => invoice.amountDueCents > 0 && invoice.status !== 'void');
  if (!owing.length) return null;
  const total = owing.reduce((sum, invoice) => sum + invoice.amountDueCents, 0);
  const overdue = owing.filter((invoice) => invoice.status === 'overdue');
  return (
    <p
      role="status"
      className={
        overdue.length
          ? 'rounded-xl border border-red-200 bg-red-50 p-4 text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100'
          : 'rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-950 dark:border-brand-800 dark:bg-brand-950/50 dark:text-brand-100'
      }
    >
      <strong className="tabular-nums">{formatCents(total)}</strong> due on{' '}
      {owing.length === 1 ? 'one invoice' : `${owing.length} invoices`}
      {overdue.length ? `, ${overdue.length === 1 ? 'one of them' : `${overdue.length} of them`} past its due date` : ''}.
    </p>
  );
}

/** /customer-dashboard/invoices: every invoice sent to the customer, newest first. */
function InvoicesPage() {
  const invoices = useMyInvoices();
  useEffect(() => {
    document.title = `Invoices | ${company.name}`;
  }, []);
  return (
    <div className="space-y-6">
      <div>
        <Link href={dashboardPaths.home} className={`inline-flex items-center gap-1.5 text-sm ${linkClass}`}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Your dashboard
        </Link>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Invoices</h1>
        <p className={`mt-2 ${muted}`}>
          Each month’s invoice with what is still due. Open one to see every visit it bills, with the crew’s photos and checklist.
        </p>
        <a href={MY_STATEMENT_URL} download className={`mt-4 ${buttonClass({ variant: 'secondary', size: 'sm' })}`}>
          <FileDown className="size-4" aria-hidden="true" />
          Download statement of account
        </a>
      </div>
      {invoices.isPending ? (
        <p className={muted}>Loading...</p>
      ) : invoices.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Error loading your invoices. Please try again later.
        </p>
      ) : invoices.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <Receipt className="mx-auto size-8 text-slate-500" aria-hidden="true" />
          <p className="mt-2 font-semibold text-slate-900 dark:text-white">No invoices yet</p>
          <p className={`mt-1 ${muted}`}>
            We send an invoice early each month for the month before, and it shows here. Questions? Call {company.phone.display}.
          </p>
        </div>
      ) : (
        <>
          <OwingSummary invoices={invoices.data} />
          <ul className="space-y-3" aria-label="Your invoices">
            {invoices.data.map((invoice) => (
              <InvoiceItem key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The screen of /customer-dashboard/invoices and /customer-dashboard/invoices/:id (issue 25), in the
 * customer's frame, reached from the header; its code loads when the invoices are opened.
 */
export default function InvoicesScreen() {
  const { id } = useParams<{ id?: string }>();
  return (
    <CustomerFrame at="invoices">
      {() => <main className="container-page py-6 sm:py-10">{id ? <InvoicePage key={id} invoiceId={id} /> : <InvoicesPage />}</main>}
    </CustomerFrame>
  );
}
