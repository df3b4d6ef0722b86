/** A form's error from the server, announced when it appears. */
export function FormError({ children }: { children: string | null | undefined }) {
  return children ? (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {children}
    </p>
  ) : null;
}
