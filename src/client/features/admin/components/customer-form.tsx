import { useState, type FormEvent } from 'react';
import { customerInputSchema } from '../../../../shared/staff-schemas';
import { fieldErrors } from '../../../../shared/field-errors';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof CustomerFormValues, string>>>({});
  const set = (field: keyof CustomerFormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof CustomerFormValues>(parsed.error.issues));
      return;
    }
    setErrors({});
    onSubmit(values);
  };
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
        {serverError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {serverError}
          </p>
        ) : null}
      </div>
    </form>
  );
}
