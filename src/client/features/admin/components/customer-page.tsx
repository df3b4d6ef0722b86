import { ArrowLeft, MailPlus, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'wouter';
import type { Property, StaffUser } from '../../../../shared/portal-types';
import { userInputSchema } from '../../../../shared/staff-schemas';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { readableError, useCustomer, useStaffMutation } from '../api/customers';
import { AdminLayout } from './admin-layout';
import { CustomerForm, type CustomerFormValues } from './customer-form';
import { PhotoManager } from './photo-manager';
import { PropertyForm, emptyProperty, type PropertyFormValues } from './property-form';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900';

function UserRow({ user }: { user: StaffUser }) {
  const invite = useStaffMutation<string>(
    'POST',
    (id) => `/api/admin/users/${id}/invite`,
    () => ({}),
  );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <span>
        <span className="block font-medium text-slate-900 dark:text-white">
          {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
        </span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">{user.email}</span>
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
      </span>
    </li>
  );
}

function AddUser({ customerId }: { customerId: string }) {
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '' });
  const [error, setError] = useState<string | undefined>();
  const add = useStaffMutation<typeof values>('POST', () => `/api/admin/customers/${customerId}/users`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userInputSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    add.mutate(values, { onSuccess: () => setValues({ email: '', firstName: '', lastName: '' }) });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end">
      <TextField
        label="Email"
        type="email"
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        error={error ?? readableError(add.error) ?? undefined}
      />
      <TextField label="First name" value={values.firstName} onChange={(e) => setValues((v) => ({ ...v, firstName: e.target.value }))} />
      <TextField label="Last name" value={values.lastName} onChange={(e) => setValues((v) => ({ ...v, lastName: e.target.value }))} />
      <button type="submit" disabled={add.isPending} className={buttonClass({ size: 'sm', className: 'sm:mb-0.5' })}>
        Add user
      </button>
    </form>
  );
}

function PropertyItem({ property }: { property: Property }) {
  const [editing, setEditing] = useState(false);
  const save = useStaffMutation<PropertyFormValues>('PATCH', () => `/api/admin/properties/${property.id}`);
  const remove = useStaffMutation<string>('DELETE', (id) => `/api/admin/properties/${id}`);
  return (
    <li className={card}>
      {editing ? (
        <PropertyForm
          initial={property}
          submitLabel="Save property"
          pending={save.isPending}
          serverError={readableError(save.error)}
          onSubmit={(values) => save.mutate(values, { onSuccess: () => setEditing(false) })}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="font-semibold text-slate-900 dark:text-white">{property.name}</h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {property.address}, {property.city}, {property.state} {property.zipCode} · {property.propertyType}
            </p>
          </div>
          <div className="flex gap-2">
            <button type="button" onClick={() => setEditing(true)} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit<span className="sr-only"> {property.name}</span>
            </button>
            <button
              type="button"
              onClick={() => window.confirm(`Remove ${property.name} and all its photos?`) && remove.mutate(property.id)}
              className={buttonClass({ variant: 'ghost', size: 'sm' })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Remove<span className="sr-only"> {property.name}</span>
            </button>
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

function CustomerDetail({ id }: { id: string }) {
  const detail = useCustomer(id);
  const save = useStaffMutation<CustomerFormValues>('PATCH', () => `/api/admin/customers/${id}`);
  const addProperty = useStaffMutation<PropertyFormValues>('POST', () => `/api/admin/customers/${id}/properties`);
  const [formKey, setFormKey] = useState(0);

  if (detail.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading customer...</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {readableError(detail.error)?.includes('Not found')
          ? 'This customer does not exist.'
          : 'Error loading the customer. Please refresh the page.'}
      </p>
    );
  const { customer, users, properties } = detail.data!;
  return (
    <div className="grid gap-8">
      <div>
        <a
          href="/admin/customers"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> All customers
        </a>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{customer.name}</h1>
      </div>
      <section aria-labelledby="details-title" className={card}>
        <h2 id="details-title" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          Details
        </h2>
        <CustomerForm
          initial={{ name: customer.name, email: customer.email, phone: customer.phone ?? '', address: customer.address ?? '' }}
          submitLabel="Save details"
          pending={save.isPending}
          serverError={readableError(save.error)}
          onSubmit={(values) => save.mutate(values)}
        />
        {save.isSuccess ? (
          <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
            Saved
          </p>
        ) : null}
      </section>
      <section aria-labelledby="users-title" className={card}>
        <h2 id="users-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          People who sign in
        </h2>
        {users.length ? (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nobody signs in for this customer yet.</p>
        )}
        <AddUser customerId={id} />
      </section>
      <section aria-labelledby="properties-title">
        <h2 id="properties-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Properties
        </h2>
        <ul className="mt-4 grid gap-4">
          {properties.map((property) => (
            <PropertyItem key={property.id} property={property} />
          ))}
        </ul>
        <div className={`${card} mt-4`}>
          <h3 className="mb-4 font-semibold text-slate-900 dark:text-white">Add a property</h3>
          <PropertyForm
            key={formKey}
            initial={emptyProperty}
            submitLabel="Add property"
            pending={addProperty.isPending}
            serverError={readableError(addProperty.error)}
            onSubmit={(values) => addProperty.mutate(values, { onSuccess: () => setFormKey((k) => k + 1) })}
          />
        </div>
      </section>
    </div>
  );
}

/** /admin/customers/:id */
export default function CustomerPage() {
  const params = useParams<{ id: string }>();
  return (
    <AdminLayout current="/admin/customers">
      <CustomerDetail id={params.id} />
    </AdminLayout>
  );
}
