import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { InvoiceBulkApprovalResult, InvoiceSummary } from '../../../../shared/api/invoices';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api-client';
import { APPROVAL_BATCH, useApproveInvoices } from '../api/invoices';
import { count } from '../invoice-text';

const link = 'font-semibold underline';

/** Who an invoice is for, in the answer's lines. */
const whose = (names: Map<string, string>, id: string) => names.get(id) ?? 'An invoice';

/**
 * "Approve and send all": the drafts listed, approved and sent each on its own after a confirm
 * step; then which went out with their numbers, and which were refused and why.
 */
export function ApproveAllDrafts({ drafts }: { drafts: InvoiceSummary[] }) {
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(0);
  const approve = useApproveInvoices(setDone);
  const [answer, setAnswer] = useState<{ result: InvoiceBulkApprovalResult; names: Map<string, string> } | null>(null);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            {drafts.length ? `${count(drafts.length, 'draft')} to review` : 'No drafts to review'}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {drafts.length
              ? 'Open a draft to check its lines, add or remove one, then approve it; or approve every draft listed here at once.'
              : 'Every invoice listed has been sent.'}
          </p>
        </div>
        {drafts.length && !confirming ? (
          <button
            type="button"
            className={buttonClass()}
            onClick={() => {
              setAnswer(null);
              setConfirming(true);
            }}
          >
            Approve and send all
          </button>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmBox
          confirmLabel={`Approve and send ${count(drafts.length, 'invoice')}`}
          pendingLabel={drafts.length > APPROVAL_BATCH ? `Sending... ${done} of ${drafts.length}` : 'Sending...'}
          pending={approve.isPending}
          cancelLabel="Not yet"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            const names = new Map(drafts.map((draft) => [draft.id, draft.customerName]));
            setDone(0);
            approve.mutate(
              drafts.map((draft) => draft.id),
              {
                onSuccess: (result) => {
                  setAnswer({ result, names });
                  setConfirming(false);
                },
              },
            );
          }}
        >
          Approve and send {drafts.length === 1 ? 'the draft listed' : `the ${drafts.length} drafts listed`}? Each takes the year’s next
          invoice number and is e-mailed with its PDF to the customer’s billing contacts. A sent invoice is never changed again.
        </ConfirmBox>
      ) : null}
      {approve.isError ? <FormError>{failureMessage('approve the drafts', approve.error)}</FormError> : null}
      <div role="status" className={answer ? 'grid gap-2 text-sm' : 'sr-only'}>
        {answer ? <BulkAnswer {...answer} /> : null}
      </div>
    </section>
  );
}

function BulkAnswer({ result, names }: { result: InvoiceBulkApprovalResult; names: Map<string, string> }) {
  return (
    <>
      <div className="rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        <p className="font-medium">
          {result.sent.length ? `Sent ${count(result.sent.length, 'invoice')}:` : 'No invoice was sent.'}
          {result.alreadySent.length ? ` ${count(result.alreadySent.length, 'invoice')} had gone out already.` : ''}
        </p>
        {result.sent.length ? (
          <ul className="mt-1 grid gap-0.5">
            {result.sent.map((sent) => (
              <li key={sent.id}>
                <Link href={`/admin/invoices/${sent.id}`} className={link}>
                  {sent.number}
                </Link>{' '}
                to {whose(names, sent.id)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {result.refused.length ? (
        <div className="rounded-lg bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950/60 dark:text-red-100">
          <p className="font-medium">{count(result.refused.length, 'draft was', 'drafts were')} not sent:</p>
          <ul className="mt-1 grid gap-0.5">
            {result.refused.map((refused) => (
              <li key={refused.id}>
                <Link href={`/admin/invoices/${refused.id}`} className={link}>
                  {whose(names, refused.id)}
                </Link>
                : {refused.message}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
