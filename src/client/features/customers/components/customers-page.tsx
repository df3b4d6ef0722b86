import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Pill } from '../../../components/ui/pill';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/text-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateCustomer } from '../api/create-customer';
import { useCustomers } from '../api/get-customers';
import { useQuoteRequest } from '../../../api/get-quote-request';
import { CustomerForm, type CustomerFormValues } from './customer-form';
import { RequestCustomerForm } from './request-customer-form';
import { instantDateText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

/** /admin/customers */
const emptyCustomer: CustomerFormValues = { name: '', contactName: '', email: '', phone: '', address: '' };

/** /admin/customers; with ?fromRequest=<id>, the new-customer form filled from that quote request. */
export default function CustomersPage() {
  const [params] = useSearchParams();
  // "Create customer from this request" arrives here with the request's id.
  const requestId = params.get('fromRequest');
  const request = useQuoteRequest(requestId);
  const [creating, setCreating] = useState(requestId !== null);
  const [q, setQ] = useState('');
  const customers = useCustomers(useDebouncedValue(q, 300));
  const create = useCreateCustomer();
  const mayCreate = useRoleMay('create', 'customer');
  const [, navigate] = useLocation();
  const source = requestId ? request.data : undefined;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Customers</h1>
        {mayCreate ? (
          <button type="button" onClick={() => setCreating((open) => !open)} aria-expanded={creating} className={buttonClass()}>
            <Plus className="size-4" aria-hidden="true" />
            New customer
          </button>
        ) : null}
      </div>
      {creating && mayCreate ? (
        <section aria-labelledby="new-customer-title" className={cardClass({ className: 'mt-6' })}>
          <h2 id="new-customer-title" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
            New customer
          </h2>
          {requestId && request.isPending ? (
            <p className="text-slate-600 dark:text-slate-400">Loading the quote request...</p>
          ) : requestId && request.isError ? (
            <p role="alert" className="text-red-700 dark:text-red-400">
              Could not load that quote request. Go back to the inbox and try again, or fill in the customer by hand.
            </p>
          ) : source?.customer ? (
            <p className="text-slate-700 dark:text-slate-300">
              A customer was already made from this request:{' '}
              <Link href={`/admin/customers/${source.customer.id}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
                {source.customer.name}
              </Link>
              .
            </p>
          ) : (
            <div className={source ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]' : undefined}>
              {source ? (
                <RequestCustomerForm
                  key={source.id}
                  request={source}
                  onSubmit={async (values) =>
                    navigate(`/admin/customers/${(await create.mutateAsync({ ...values, quoteRequestId: source.id })).id}`)
                  }
                />
              ) : (
                <CustomerForm
                  initial={emptyCustomer}
                  submitLabel="Create customer"
                  onSubmit={async (values) => navigate(`/admin/customers/${(await create.mutateAsync(values)).id}`)}
                />
              )}
              {source ? (
                <aside
                  aria-labelledby="source-request-title"
                  className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-950"
                >
                  <h3 id="source-request-title" className="font-semibold text-slate-900 dark:text-white">
                    From the quote request of {instantDateText(source.submittedAt)}
                  </h3>
                  <p className="mt-1 text-slate-600 dark:text-slate-400">
                    {source.name} · {source.service}
                  </p>
                  <p className="mt-3 whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">{source.message}</p>
                  <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
                    The request will link to the new customer and be marked won. Add any other properties it mentions on the
                    customer&rsquo;s page.
                  </p>
                </aside>
              ) : null}
            </div>
          )}
        </section>
      ) : null}
      <div className="mt-6">
        <label htmlFor="customer-search" className="sr-only">
          Search customers
        </label>
        <input
          id="customer-search"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Search by name, e-mail or phone"
          className={`${inputClass} max-w-md`}
        />
      </div>
      <div className="mt-6">
        {customers.isPending ? (
          <p className="text-slate-600 dark:text-slate-400">Loading customers...</p>
        ) : customers.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            Error loading customers. Please refresh the page.
          </p>
        ) : customers.data!.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {q
              ? 'No customer matches this search.'
              : 'No customers yet. Create the first one, or import them with npm run admin -- import.'}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {customers.data!.map((customer) => (
              <li key={customer.id}>
                <Link
                  href={`/admin/customers/${customer.id}`}
                  className={cardClass({ padding: 'p-5', className: 'block hover:border-brand-600 dark:hover:border-brand-400' })}
                >
                  <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
                    {customer.name}
                    {customer.prospect ? <Pill tone="violet">Prospect</Pill> : null}
                  </span>
                  <span className="mt-1 block break-all text-sm text-slate-600 dark:text-slate-400">
                    {customer.email}
                    {customer.phone ? ` · ${customer.phone}` : ''}
                  </span>
                  <span className="mt-3 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                    <Users className="size-4" aria-hidden="true" />
                    {customer.userCount} {customer.userCount === 1 ? 'user' : 'users'} · {customer.propertyCount}{' '}
                    {customer.propertyCount === 1 ? 'property' : 'properties'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
