import { CalendarPlus, Download, FilePen, Pencil, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Estimate } from '../../../../shared/api/estimates';
import { localToday } from '../../../../shared/local-dates';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { useExtendEstimate, useReviseEstimate, useSendEstimate } from '../api/estimate-mutations';
import { estimatePdfUrl } from '../api/urls';
import { estimateNumberText } from '../../../components/estimate-status-pill';

/** Statuses a sent estimate can be revised from: the prospect has not accepted or declined it, and no revision replaced it. */
const REVISABLE: ReadonlySet<Estimate['status']> = new Set(['sent', 'viewed', 'changes_requested', 'expired']);

/** A later last valid day, for an estimate still open or just expired. */
function ExtendForm({ estimate, onDone }: { estimate: Estimate; onDone: () => void }) {
  const extend = useExtendEstimate();
  const today = localToday();
  const [validUntil, setValidUntil] = useState(estimate.validUntil < today ? today : estimate.validUntil);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        extend.mutate({ id: estimate.id, validUntil }, { onSuccess: onDone });
      }}
    >
      <TextField label="Valid until" type="date" min={today} value={validUntil} onChange={(event) => setValidUntil(event.target.value)} />
      <button type="submit" disabled={extend.isPending} className={buttonClass({ size: 'sm', className: 'mb-0.5' })}>
        {extend.isPending ? 'Saving…' : 'Extend'}
      </button>
      <div className="w-full">
        <FormError>{extend.error ? failureMessage('extend the estimate', extend.error) : null}</FormError>
      </div>
    </form>
  );
}

/** What can be done with the estimate now: edit and send a draft; revise or extend a sent one; its PDF always. */
export function EstimateActions({ estimate }: { estimate: Estimate }) {
  const [, navigate] = useLocation();
  const send = useSendEstimate();
  const revise = useReviseEstimate();
  const [asking, setAsking] = useState(false);
  const [extending, setExtending] = useState(false);
  const mayChange = useRoleMay('update', 'estimate');
  const draft = mayChange && estimate.status === 'draft';
  const open = mayChange && REVISABLE.has(estimate.status);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {draft ? (
          <>
            <Link href={`/admin/estimates/${estimate.id}/edit`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Pencil className="size-4" aria-hidden="true" /> Edit
            </Link>
            <button type="button" onClick={() => setAsking(true)} className={buttonClass({ size: 'sm' })}>
              <Send className="size-4" aria-hidden="true" /> Send…
            </button>
          </>
        ) : null}
        {open ? (
          <>
            <button
              type="button"
              disabled={revise.isPending}
              onClick={() => revise.mutate(estimate.id, { onSuccess: (next) => navigate(`/admin/estimates/${next.id}/edit`) })}
              className={buttonClass({ size: 'sm' })}
            >
              <FilePen className="size-4" aria-hidden="true" /> {revise.isPending ? 'Revising…' : 'Revise'}
            </button>
            <button
              type="button"
              aria-expanded={extending}
              onClick={() => setExtending(!extending)}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <CalendarPlus className="size-4" aria-hidden="true" /> Extend
            </button>
          </>
        ) : null}
        <a href={estimatePdfUrl(estimate.id)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Download className="size-4" aria-hidden="true" /> Download PDF
        </a>
      </div>
      {asking ? (
        <ConfirmBox
          confirmLabel="Send estimate"
          pendingLabel="Sending…"
          pending={send.isPending}
          cancelLabel="Not yet"
          onConfirm={() => send.mutate(estimate.id, { onSuccess: () => setAsking(false) })}
          onCancel={() => setAsking(false)}
        >
          Send estimate {estimateNumberText(estimate)} to {estimate.email}? They get a link to accept it online, and the PDF.
        </ConfirmBox>
      ) : null}
      {extending && open ? <ExtendForm estimate={estimate} onDone={() => setExtending(false)} /> : null}
      <FormError>
        {send.error
          ? failureMessage('send the estimate', send.error)
          : revise.error
            ? failureMessage('revise the estimate', revise.error)
            : null}
      </FormError>
    </div>
  );
}
