/** One message per field, the first that applies: how every form and 400 answer reports validation issues. */
export function fieldErrors<Field extends string = string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form') as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}
