import { ArrowLeft, FilePlus2, MailPlus, Pencil, Trash2 } from 'lucide-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Pill } from '../../../components/ui/pill';
import { Link, useParams } from 'wouter';
import type { ConsoleProperty } from '../../../../shared/api/properties';
import type { CustomerUser } from '../../../../shared/api/customers';
import { userInputSchema } from '../../../../shared/staff-schemas';
import { useRoleMay } from '../../../api/get-auth-user';
import { MonthlyReportDownload } from '../../../components/monthly-report-download';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, readableError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateCustomerUser } from '../api/create-customer-user';
import { useCreateProperty } from '../api/create-property';
import { useDeleteProperty } from '../api/delete-property';
import { useCustomer } from '../../../api/get-customer';
import { agreementsQuery } from '../../../api/get-agreements';
import { customerAccountQuery, customerBillingQuery } from '../../../api/billing';
import { useInviteCustomerUser } from '../api/invite-customer-user';
import { useSetCustomerUserDisabled } from '../api/set-customer-user-disabled';
import { useUpdateCustomer } from '../api/update-customer';
import { useUpdateProperty } from '../api/update-property';
import { CustomerAgreements } from './customer-agreements';
import { CustomerAccountCard } from '../../../components/billing/customer-account-card';
import { CustomerBillingCard } from '../../../components/billing/customer-billing-card';
import { CustomerForm } from './customer-form';
import { PhotoManager } from './photo-manager';
import { PropertyForm, emptyProperty } from './property-form';
import { instantDateText } from '../../../../shared/date-formats';
import { displayName } from '../../../../shared/display-name';
import { cardClass } from '../../../components/ui/card';

function UserRow({ user, customerId }: { user: CustomerUser; customerId: string }) {
  const invite = useInviteCustomerUser();
  const mayInvite = useRoleMay('invite', 'customerUser');
  const mayDisable = useRoleMay('update', 'customerUser');
  const switchOff = useSetCustomerUserDisabled(customerId);
  const name = displayName(user);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <span>
        <span
          className={`block font-medium ${user.disabled ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-900 dark:text-white'}`}
        >
          {name}
        </span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">
          {user.email}
          {user.disabled ? ' · Disabled: cannot sign in to the portal' : ''}
        </span>
        {user.invited || user.disabled ? null : (
          <span className="block text-sm text-amber-800 dark:text-amber-300">
            Not invited yet: no report e-mails until you send the invitation
          </span>
        )}
      </span>
      <span className="flex items-center gap-3">
        {invite.isSuccess ? (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            Invitation sent
          </span>
        ) : null}
        {invite.error ? (
          <span role="alert" className="text-sm text-red-700 dark:text-red-400">
            {readableError(invite.error)}
          </span>
        ) : null}
        {switchOff.error ? (
          <span role="alert" className="text-sm text-red-700 dark:text-red-400">
            {readableError(switchOff.error)}
          </span>
        ) : null}
        {mayDisable ? (
          <button
            type="button"
            disabled={switchOff.isPending}
            onClick={() => switchOff.mutate({ id: user.id, disabled: !user.disabled })}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            {user.disabled ? `Enable ${name}` : `Disable ${name}`}
          </button>
        ) : null}
        {mayInvite && !user.disabled ? (
          <button
            type="button"
            disabled={invite.isPending}
            onClick={() => invite.mutate(user.id)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            <MailPlus className="size-4" aria-hidden="true" />
            Send invitation
            <span className="sr-only"> to {user.email}</span>
          </button>
        ) : null}
      </span>
    </li>
  );
}

function AddUser({ customerId }: { customerId: string }) {
  const add = useCreateCustomerUser();
  const { register, submit, serverError, formState } = useSchemaForm(
    userInputSchema,
    { email: '', firstName: '', lastName: '' },
    (values) => add.mutateAsync({ ...values, customerId }),
    { resetOnSuccess: true },
  );
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end">
      <TextField label="Email" type="email" {...register('email')} error={formState.errors.email?.message} />
      <TextField label="First name" {...register('firstName')} error={formState.errors.firstName?.message} />
      <TextField label="Last name" {...register('lastName')} error={formState.errors.lastName?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={buttonClass({ size: 'sm', className: 'sm:mb-0.5' })}>
        Add user
      </button>
      <div className="sm:col-span-4">
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}

function PropertyItem({ property }: { property: ConsoleProperty }) {
  const [editing, setEditing] = useState(false);
  const save = useUpdateProperty();
  const remove = useDeleteProperty();
  const mayUpdate = useRoleMay('update', 'property');
  const mayDelete = useRoleMay('delete', 'property');
  return (
    <li className={cardClass()}>
      {editing ? (
        <PropertyForm
          initial={property}
          submitLabel="Save property"
          onSubmit={async (values) => {
            await save.mutateAsync({ ...values, id: property.id });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="font-semibold text-slate-900 dark:text-white">
              <Link href={`/admin/properties/${property.id}`} className="text-brand-700 hover:underline dark:text-brand-300">
                {property.name}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {property.address}, {property.city}, {property.state} {property.zipCode} · {property.propertyType}
            </p>
          </div>
          <div className="flex gap-2">
            {mayUpdate ? (
              <button type="button" onClick={() => setEditing(true)} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit<span className="sr-only"> {property.name}</span>
              </button>
            ) : null}
            {mayDelete ? (
              <button
                type="button"
                onClick={() => window.confirm(`Remove ${property.name} and all its photos?`) && remove.mutate(property.id)}
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Remove<span className="sr-only"> {property.name}</span>
              </button>
            ) : null}
          </div>
        </div>
      )}
      {remove.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {readableError(remove.error)}
        </p>
      ) : null}
      <PhotoManager propertyId={property.id} propertyName={property.name} />
    </li>
  );
}

/** /admin/customers/:id */
export default function CustomerPage() {
  const { id } = useParams<{ id: string }>();
  const detail = useCustomer(id);
  const save = useUpdateCustomer();
  const addProperty = useCreateProperty();
  const mayAddProperty = useRoleMay('create', 'property');
  const mayAddUser = useRoleMay('create', 'customerUser');
  const mayReadReport = useRoleMay('read', 'serviceReport');
  const mayWriteEstimate = useRoleMay('create', 'estimate');
  const mayReadAgreements = useRoleMay('list', 'agreement');
  const mayReadAccount = useRoleMay('read', 'payment');
  const [formKey, setFormKey] = useState(0);
  // The agreements, account and billing cards load their own data; the page waits for it as well,
  // so nothing moves once shown (a card filling in above the properties would shift a link being tapped).
  const cards = useQueries({
    queries: [
      { ...agreementsQuery({ customerId: id }), enabled: mayReadAgreements },
      { ...customerAccountQuery(id), enabled: mayReadAccount },
      { ...customerBillingQuery(id), enabled: mayReadAccount },
    ],
  });

  if (detail.isPending || cards.some((card) => card.isPending && card.fetchStatus !== 'idle'))
    return <p className="text-slate-600 dark:text-slate-400">Loading customer...</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {detail.error instanceof ApiError && detail.error.status === 404
          ? 'This customer does not exist.'
          : 'Error loading the customer. Please refresh the page.'}
      </p>
    );
  const { customer, users, properties, quoteRequests } = detail.data!;
  return (
    <div className="grid gap-8">
      <div>
        <Link
          href="/admin/customers"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> All customers
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            {customer.name}
            {customer.prospect ? (
              <Pill tone="violet" className="text-sm">
                Prospect
              </Pill>
            ) : null}
          </h1>
          {mayWriteEstimate ? (
            <Link href={`/admin/estimates/new?${new URLSearchParams({ customer: customer.id })}`} className={buttonClass()}>
              <FilePlus2 className="size-4" aria-hidden="true" />
              New estimate
            </Link>
          ) : null}
        </div>
        {customer.contactName ? <p className="mt-1 text-slate-600 dark:text-slate-400">Contact: {customer.contactName}</p> : null}
        {quoteRequests.map((request) => (
          <p key={request.id} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Made from the quote request of {instantDateText(request.submittedAt)} by {request.name} ({request.service}
            ).{' '}
            <Link
              href={`/admin/submissions?${new URLSearchParams({ status: 'all', q: request.email })}`}
              className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              Open it in the inbox
            </Link>
          </p>
        ))}
      </div>
      <section aria-labelledby="details-title" className={cardClass()}>
        <h2 id="details-title" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          Details
        </h2>
        <CustomerForm
          initial={{
            name: customer.name,
            contactName: customer.contactName ?? '',
            email: customer.email,
            phone: customer.phone ?? '',
            address: customer.address ?? '',
          }}
          submitLabel="Save details"
          onSubmit={(values) => save.mutateAsync({ ...values, id })}
        />
        {save.isSuccess ? (
          <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
            Saved
          </p>
        ) : null}
      </section>
      <section aria-labelledby="users-title" className={cardClass()}>
        <h2 id="users-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          People who sign in
        </h2>
        {users.length ? (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {users.map((user) => (
              <UserRow key={user.id} user={user} customerId={customer.id} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nobody signs in for this customer yet.</p>
        )}
        {mayAddUser ? <AddUser customerId={id} /> : null}
      </section>
      {mayReadAgreements ? <CustomerAgreements customerId={customer.id} /> : null}
      {mayReadAccount && !customer.prospect ? <CustomerAccountCard customerId={customer.id} /> : null}
      {mayReadAccount && !customer.prospect ? <CustomerBillingCard customerId={customer.id} /> : null}
      {mayReadReport && properties.length ? (
        <section aria-labelledby="report-title" className={cardClass()}>
          <h2 id="report-title" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
            Monthly report
          </h2>
          <MonthlyReportDownload
            of={{ customerId: id }}
            description={`One PDF for all ${properties.length === 1 ? 'the property' : `${properties.length} properties`}: the month’s visits, on-time rate and site issues, then each visit with its photos.`}
          />
        </section>
      ) : null}
      <section aria-labelledby="properties-title">
        <h2 id="properties-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Properties
        </h2>
        <ul className="mt-4 grid gap-4">
          {properties.map((property) => (
            <PropertyItem key={property.id} property={property} />
          ))}
        </ul>
        {mayAddProperty ? (
          <div className={cardClass({ className: 'mt-4' })}>
            <h3 className="mb-4 font-semibold text-slate-900 dark:text-white">Add a property</h3>
            <PropertyForm
              key={formKey}
              initial={emptyProperty}
              submitLabel="Add property"
              onSubmit={async (values) => {
                await addProperty.mutateAsync({ ...values, customerId: id });
                setFormKey((k) => k + 1);
              }}
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}
