import { lazy, Suspense, useState } from 'react';
import { company } from '../../../shared/company';
import type { EstimateAnswers } from '../../api/estimate-answers';
import { buttonClass } from '../ui/button';
import { orNotLoaded } from '../not-loaded-notice';
import { FocusedHeading } from './focused-heading';

const RespondForm = lazy(orNotLoaded(() => import('./respond-form')));

/** The secondary answers under the accept form, each opening its small form; a sent request for changes says so. */
export function RespondActions({ answers }: { answers: EstimateAnswers }) {
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
      {open === 'changes' || open === 'decline' ? (
        <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>}>
          <RespondForm kind={open} answers={answers} onDone={() => setOpen(open === 'changes' ? 'sent' : null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
