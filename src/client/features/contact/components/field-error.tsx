/** A quote-form control's error, under it; its id is the one the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;
}
