import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError, readableError } from './api-client';

/**
 * Shows a failed call on its form: the 400/409 answer's per-field messages under the
 * fields the form has (a nested one by its dotted path, such as `properties.1.lines.0.unitPriceCents`),
 * and otherwise its message for the whole form (`errors.root.server`).
 */
export function showServerErrors<Values extends FieldValues>(form: Pick<UseFormReturn<Values>, 'setError' | 'getValues'>, error: Error) {
  const values = form.getValues();
  const fieldErrors =
    error instanceof ApiError
      ? Object.entries(error.data?.errors ?? {}).filter(
          ([field]) => Object.hasOwn(values, field.split('.')[0]!) && get(values, field) !== undefined,
        )
      : [];
  fieldErrors.forEach(([field, message], index) =>
    form.setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  if (fieldErrors.length === 0) form.setError('root.server', { type: 'server', message: readableError(error) });
}

/**
 * react-hook-form checked by one of the shared zod schemas, the same the server checks
 * with. `submit` (for onSubmit) hands the schema's output to `send`, and shows a failed
 * send on the form (showServerErrors); `serverError` is the form-wide message. With
 * `resetOnSuccess` the form empties once sent, ready for the next entry.
 */
export function useSchemaForm<Values extends FieldValues, Output>(
  schema: StandardSchemaV1<Values, Output>,
  defaultValues: DefaultValues<Values>,
  send: (values: Output) => Promise<unknown>,
  {
    resetOnSuccess = false,
    shouldUnregister = false,
  }: {
    resetOnSuccess?: boolean | DefaultValues<Values>;
    /** Fields not on screen (an optional section switched off) are left out of what is checked and sent. */
    shouldUnregister?: boolean;
  } = {},
) {
  const form = useForm<Values, unknown, Output>({
    resolver: standardSchemaResolver(schema),
    defaultValues,
    shouldFocusError: true,
    shouldUnregister,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await send(values);
      if (resetOnSuccess) form.reset(resetOnSuccess === true ? undefined : (resetOnSuccess as Values));
    } catch (error) {
      showServerErrors(form, error as Error);
    }
  });
  return { ...form, submit, serverError: form.formState.errors.root?.server?.message };
}
