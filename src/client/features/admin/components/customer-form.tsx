import { customerInputSchema } from '../../../../shared/staff-schemas';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';

export interface CustomerFormValues {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/** Create or edit a customer; checked with the server's own schema before sending. */
export function CustomerForm({
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
}: {
  initial: CustomerFormValues;
  submitLabel: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: CustomerFormValues) => void;
}) {
  const { values, errors, set, submit } = useSchemaForm(customerInputSchema, initial, onSubmit);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" value={values.name} onChange={set('name')} error={errors.name} autoComplete="organization" />
      <TextField label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} />
      <TextField label="Phone (optional)" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
      <TextField label="Address (optional)" value={values.address} onChange={set('address')} error={errors.address} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={pending} className={buttonClass()}>
          {pending ? 'Saving...' : submitLabel}
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
