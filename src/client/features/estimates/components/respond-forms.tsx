import { useEffect, useRef, useState } from 'react';
import { estimateChangesSchema, estimateDeclineSchema } from '../../../../shared/api/estimates';
import { company } from '../../../../shared/company';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDeclineEstimate, useRequestChanges } from '../api/respond';

interface Props {
  token: string;
  version: string | null;
  onDone: () => void;
}

/** "Request changes": what to change, in the prospect's words; staff are e-mailed at once. */
export function RequestChangesForm({ token, version, onDone }: Props) {
  const send = useRequestChanges(token, version);
  const form = useSchemaForm(estimateChangesSchema, { message: '' }, async (values) => {
    await send.mutateAsync(values);
    onDone();
  });
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3">
      <TextAreaField
        label="What would you like us to change?"
        hint="For example another day of the week, a property to add, or a service to leave out."
        rows={4}
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <FormError>{form.serverError}</FormError>
      <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass({ className: 'w-full' })}>
        {form.formState.isSubmitting ? 'Sending…' : 'Send my changes'}
      </button>
    </form>
  );
}

/** "Decline": an optional reason; the page then shows the declined estimate. */
export function DeclineForm({ token, version, onDone }: Props) {
  const send = useDeclineEstimate(token, version);
  const form = useSchemaForm(estimateDeclineSchema, { reason: '' }, async (values) => {
    await send.mutateAsync(values.reason ? values : {});
    onDone();
  });
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3">
      <TextAreaField
        label="Why are you declining? (optional)"
        hint="It helps us quote better next time."
        rows={3}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <FormError>{form.serverError}</FormError>
      <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass({ variant: 'secondary', className: 'w-full' })}>
        {form.formState.isSubmitting ? 'Sending…' : 'Decline this estimate'}
      </button>
    </form>
  );
}

/** A heading that takes the focus when it appears after an answer (`focus`), so the answer is read out where the form was. */
export function FocusedHeading({ children, id, focus = true }: { children: string; id?: string; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none dark:text-white">
      {children}
    </h2>
  );
}

/** The secondary answers under the accept form, each opening its small form; a sent request for changes says so. */
export function RespondActions({ token, version }: { token: string; version: string | null }) {
  const [open, setOpen] = useState<'changes' | 'decline' | 'sent' | null>(null);
  const toggle = (which: 'changes' | 'decline') => setOpen(open === which ? null : which);
  if (open === 'sent')
    return (
      <div role="status" className="rounded-xl border border-leaf-600/40 bg-emerald-50 p-4 dark:bg-emerald-950/40">
        <FocusedHeading>Thanks — we have your changes</FocusedHeading>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {company.name} will send you a revised estimate, usually within one business day. This one stays open: you can still accept it as
          it is.
        </p>
      </div>
    );
  const tab = (which: 'changes' | 'decline', label: string) => (
    <button
      type="button"
      aria-expanded={open === which}
      onClick={() => toggle(which)}
      className={buttonClass({ variant: 'secondary', size: 'sm' })}
    >
      {label}
    </button>
  );
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">Not quite right?</p>
      <div className="flex flex-wrap gap-2">
        {tab('changes', 'Request changes')}
        {tab('decline', 'Decline')}
      </div>
      {open === 'changes' ? <RequestChangesForm token={token} version={version} onDone={() => setOpen('sent')} /> : null}
      {open === 'decline' ? <DeclineForm token={token} version={version} onDone={() => setOpen(null)} /> : null}
    </div>
  );
}
