/**
 * What a change just did ("Visit moved to Tuesday"), said to screen readers and shown in green;
 * the live region stays in the page when empty, so the next message is announced.
 */
export function SavedNotice({ notice }: { notice: string | null }) {
  return (
    <p
      role="status"
      className={
        notice
          ? 'rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
          : 'sr-only'
      }
    >
      {notice}
    </p>
  );
}
