import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { buttonClass } from './button';

/**
 * "Are you sure?" in place, for a step that cannot be undone (removing a passkey, new recovery
 * codes, resetting someone's passkeys): the question, the button that does it, and one that does not.
 */
export function ConfirmBox({
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onCancel,
  cancelLabel = 'Cancel',
  className,
}: {
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
        className,
      )}
    >
      <p>{children}</p>
      <div className="mt-2 flex gap-2">
        <button type="button" onClick={onConfirm} disabled={pending} className={buttonClass({ size: 'sm' })}>
          {pending ? pendingLabel : confirmLabel}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
