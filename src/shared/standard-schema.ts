import type { StandardSchemaV1 } from '@standard-schema/spec';

/** What a plain check finds: the form's output, or a message per field. */
export type CheckResult<Input, Output> = { value: Output } | { errors: Partial<Record<keyof Input & string, string>> };

/**
 * A Standard Schema (the interface zod's schemas and the forms' `useSchemaForm` speak) made from a
 * plain function, for a form whose page cannot carry zod: the crew's phone page, within its first-load
 * budget. The server checks the same rules in the zod contract, with the same messages.
 */
export function checkedBy<Input, Output>(check: (input: Input) => CheckResult<Input, Output>): StandardSchemaV1<Input, Output> {
  return {
    '~standard': {
      version: 1,
      vendor: 'lot-cleaning',
      validate(input) {
        const result = check(input as Input);
        if ('value' in result) return { value: result.value };
        return {
          issues: Object.entries(result.errors).map(([field, message]) => ({ message: message as string, path: [field] })),
        };
      },
    },
  };
}
