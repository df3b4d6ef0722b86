/** The query string with one parameter set, or removed when the value is empty: for filters kept in the URL. */
export function withParam(current: URLSearchParams, name: string, value: string | null | undefined): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}
