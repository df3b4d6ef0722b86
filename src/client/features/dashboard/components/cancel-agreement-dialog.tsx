import { useEffect, useId, useRef } from 'react';
import type { Agreement } from '../../../../shared/api/estimates';
import { company } from '../../../../shared/company';
import { fullDateText } from '../../../../shared/date-formats';
import { CANCEL_NOTICE_DAYS } from '../../../../shared/estimates';
import { addDays } from '../../../../shared/local-dates';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { readableError } from '../../../lib/api-client';
import { useCancelAgreement } from '../api/get-agreements';
import { listText } from './agreement-text';

/**
 * "Cancel agreement" asks first, in the browser's own modal dialog (focus kept inside, Escape
 * closes it): a month-to-month agreement ends with 30 days' notice, and the dialog says on which
 * day service ends if it is cancelled today, at which properties.
 */
export function CancelAgreementDialog({ agreement, today, onClose }: { agreement: Agreement; today: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancel = useCancelAgreement();
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  const endsOn = addDays(today, CANCEL_NOTICE_DAYS);
  const places = listText(agreement.properties.map((property) => property.name));
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-notice`}
      onClose={onClose}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="grid gap-4 p-6">
        <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
          Cancel this agreement?
        </h2>
        <div id={`${titleId}-notice`} className="space-y-3 text-slate-700 dark:text-slate-300">
          <p>
            A month-to-month agreement ends with {CANCEL_NOTICE_DAYS} days’ notice. If you cancel today, service ends on{' '}
            <strong className="text-slate-900 dark:text-white">{fullDateText(endsOn)}</strong>.
          </p>
          <p>Our crews keep to the schedule at {places} until then, and make no visits after that day. We let our office know at once.</p>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Thinking of changing the service instead? Call {company.phone.display} and we will work it out with you.
        </p>
        <FormError>{cancel.error ? readableError(cancel.error) : null}</FormError>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(agreement.id, { onSuccess: onClose })}
            className={buttonClass()}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel agreement'}
          </button>
          <button type="button" onClick={onClose} className={buttonClass({ variant: 'secondary' })}>
            Keep my agreement
          </button>
        </div>
      </div>
    </dialog>
  );
}
