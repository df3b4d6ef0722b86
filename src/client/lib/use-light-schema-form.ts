import type { StandardSchemaV1 } from '@standard-schema/spec';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { readableError } from './api-client';

type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

async function check<Values, Output>(schema: StandardSchemaV1<Values, Output>, values: Values) {
  const result = await schema['~standard'].validate(values);
  if (!result.issues) return { value: result.value, errors: {} as FieldErrors<Values> };
  const errors: FieldErrors<Values> = {};
  for (const issue of result.issues) {
    const first = issue.path?.[0];
    const field = (typeof first === 'object' ? first.key : first) as keyof Values & string;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * `useSchemaForm`'s contract without react-hook-form, for the crew's phone page, whose first-load
 * budget (105 KB) has no room for it (12.7 KB gzip): the same shared schema (any Standard Schema)
 * checks the values, its messages land on the fields, the first invalid field takes the focus, and
 * `submit` hands the schema's output to `send`; a failed send is `serverError`. After a refused
 * submit, each change checks again, so a message goes once its field is right.
 */
export function useLightSchemaForm<Values extends { [K in keyof Values]: string }, Output>(
  schema: StandardSchemaV1<Values, Output>,
  defaultValues: Values,
  send: (values: Output) => Promise<unknown>,
) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [serverError, setServerError] = useState<string>();
  const [isSubmitting, setSubmitting] = useState(false);
  const refused = useRef(false);
  // A second press while the first is being checked or sent does nothing (an issue is saved once).
  const busy = useRef(false);

  const setValue = (name: keyof Values & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (refused.current) void check(schema, next).then((result) => setErrors(result.errors));
  };
  /** The props that bind a control to a value: `<textarea {...field('note')} />`. */
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
  });

  /** For the form's onSubmit. */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    const formElement = event.currentTarget;
    const result = await check(schema, values);
    setErrors(result.errors);
    if (!('value' in result)) {
      busy.current = false;
      refused.current = true;
      const first = Object.keys(result.errors)[0];
      const control = first ? formElement.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setServerError(undefined);
    setSubmitting(true);
    try {
      await send(result.value as Output);
    } catch (error) {
      setServerError(readableError(error as Error));
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return { values, field, setValue, errors, serverError, isSubmitting, submit };
}
