import { customerInputSchema, type CustomerInput } from '../../../../shared/staff-schemas';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';

export interface CustomerFormValues {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
}

/** Create or edit a customer; checked with the server's own schema before sending. */
export function CustomerForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: CustomerFormValues;
  submitLabel: string;
  onSubmit: (values: CustomerInput) => Promise<unknown>;
}) {
  const { register, submit, serverError, formState } = useSchemaForm(customerInputSchema, initial, onSubmit);
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="Company name" {...register('name')} error={errors.name?.message} autoComplete="organization" />
      <TextField label="Contact name (optional)" {...register('contactName')} error={errors.contactName?.message} autoComplete="name" />
      <TextField label="Email" type="email" {...register('email')} error={errors.email?.message} />
      <TextField label="Phone (optional)" type="tel" {...register('phone')} error={errors.phone?.message} />
      <TextField label="Address (optional)" {...register('address')} error={errors.address?.message} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={isSubmitting} className={buttonClass()}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
