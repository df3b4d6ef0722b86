import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../shared/field-errors';

interface Schema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/**
 * Form state for a plain form checked by one of the shared schemas before it is
 * sent: `set(field)` for inputs, `errors` per field, and `submit` for onSubmit.
 */
export function useSchemaForm<Values extends { [K in keyof Values]: string }>(
  schema: Schema,
  initial: Values,
  onValid: (values: Values) => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success)
      return setErrors(fieldErrors<Extract<keyof Values, string>>(parsed.error.issues) as Partial<Record<keyof Values, string>>);
    setErrors({});
    onValid(values);
  };
  return { values, errors, set, submit };
}
