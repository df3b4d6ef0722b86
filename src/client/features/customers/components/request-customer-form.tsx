import { useState } from 'react';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { customerCreateSchema, type CustomerCreateInput } from '../../../../shared/staff-schemas';
import { findStreetAddress } from '../../../../shared/street-address';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { PropertyTypeField, emptyProperty } from './property-form';

type Values = Omit<CustomerCreateInput, 'quoteRequestId'>;

/** "Dana Kowalski" → first name Dana, last name Kowalski; one word is a first name. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * What a quote request fills in: the person as contact and as the portal user (name, e-mail; the
 * phone is the company's), and the property at the street address the message names, if it names
 * one. The quote form asks for no company (SPEC §2), so its name is left for staff to ask.
 */
export function valuesFromRequest(request: QuoteRequest): { values: Values; addressFound: boolean } {
  const found = findStreetAddress(request.message);
  return {
    addressFound: found !== null,
    values: {
      name: '',
      contactName: request.name,
      email: request.email,
      phone: request.phone ?? '',
      address: '',
      user: { email: request.email, ...splitName(request.name) },
      property: {
        propertyType: 'Retail Center',
        name: found?.address ?? '',
        address: found?.address ?? '',
        city: found?.city ?? '',
        state: found?.state ?? emptyProperty.state,
        zipCode: found?.zipCode ?? '',
      },
    },
  };
}

const sectionClass = 'grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700';
const legendClass = 'px-1 text-sm font-semibold text-slate-900 dark:text-white';
const checkboxLabelClass = 'flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2 dark:text-slate-200';

/**
 * "Create customer from this request": the customer, its portal user and its first property in
 * one step, filled in from the request. The user and the property can be left out; the portal
 * user is not e-mailed until staff send the invitation.
 */
export function RequestCustomerForm({ request, onSubmit }: { request: QuoteRequest; onSubmit: (values: Values) => Promise<unknown> }) {
  const [{ values, addressFound }] = useState(() => valuesFromRequest(request));
  const [withUser, setWithUser] = useState(true);
  const [withProperty, setWithProperty] = useState(addressFound);
  const { register, submit, serverError, formState } = useSchemaForm(customerCreateSchema, values, onSubmit, { shouldUnregister: true });
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate aria-label="New customer from the quote request" className="grid gap-5">
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Company</legend>
        <TextField
          label="Company name"
          hint="The request has no company name: ask the requester."
          {...register('name')}
          error={errors.name?.message}
          autoComplete="organization"
          aria-required="true"
        />
        <TextField label="Contact name (optional)" {...register('contactName')} error={errors.contactName?.message} />
        <TextField label="Email" type="email" {...register('email')} error={errors.email?.message} />
        <TextField label="Phone (optional)" type="tel" {...register('phone')} error={errors.phone?.message} />
        <TextField label="Address (optional)" {...register('address')} error={errors.address?.message} />
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Portal user</legend>
        <label className={checkboxLabelClass}>
          <input type="checkbox" checked={withUser} onChange={(event) => setWithUser(event.target.checked)} className="size-4" />
          Let {request.name} sign in to the customer portal
        </label>
        {withUser ? (
          <>
            <TextField label="First name" {...register('user.firstName')} error={errors.user?.firstName?.message} />
            <TextField label="Last name" {...register('user.lastName')} error={errors.user?.lastName?.message} />
            <TextField label="Sign-in email" type="email" {...register('user.email')} error={errors.user?.email?.message} />
            <p className="self-end text-sm text-slate-600 sm:pb-2 dark:text-slate-400">
              Not e-mailed yet: send the invitation from the customer&rsquo;s page when you are ready. Report e-mails start after it.
            </p>
          </>
        ) : null}
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>First property</legend>
        <label className={checkboxLabelClass}>
          <input type="checkbox" checked={withProperty} onChange={(event) => setWithProperty(event.target.checked)} className="size-4" />
          {addressFound ? 'Add the property at the address in the message' : 'Add a property now (the message names no street address)'}
        </label>
        {withProperty ? (
          <>
            <TextField label="Property name" {...register('property.name')} error={errors.property?.name?.message} />
            <PropertyTypeField {...register('property.propertyType')} />
            <TextField label="Street address" {...register('property.address')} error={errors.property?.address?.message} />
            <TextField label="City" {...register('property.city')} error={errors.property?.city?.message} />
            <TextField label="State" {...register('property.state')} error={errors.property?.state?.message} maxLength={2} />
            <TextField label="ZIP code" {...register('property.zipCode')} error={errors.property?.zipCode?.message} inputMode="numeric" />
          </>
        ) : null}
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={isSubmitting} className={buttonClass()}>
          {isSubmitting ? 'Saving...' : 'Create customer'}
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
