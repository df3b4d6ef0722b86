import { CheckCircle2 } from 'lucide-react';
import type { Ref } from 'react';
import { buttonClass } from '../../../components/ui/button';

const NEXT_STEPS = ['We call you within 24 hours', 'We schedule a free property visit', 'You receive a detailed, no-obligation quote'];

/** The quote form's confirmation: what happens next, and a way back to the empty form. */
export function QuoteSubmitted({ ref, onAnother }: { ref: Ref<HTMLHeadingElement>; onAnother: () => void }) {
  return (
    <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center dark:border-emerald-900 dark:bg-emerald-950/40">
      <CheckCircle2 className="mx-auto size-14 text-leaf-600 dark:text-emerald-400" aria-hidden="true" />
      <h3 ref={ref} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 outline-none dark:text-white">
        Quote Request Submitted!
      </h3>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Thank you. Our team will call you within 24 hours to talk about your property.
      </p>
      <div className="mx-auto mt-6 max-w-sm text-left">
        <p className="font-semibold text-slate-900 dark:text-white">What happens next:</p>
        <ol className="mt-3 grid gap-3 text-slate-700 dark:text-slate-300">
          {NEXT_STEPS.map((step, i) => (
            <li key={step} className="flex items-center gap-3">
              <span
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-leaf-600 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </div>
      <button type="button" onClick={onAnother} className={buttonClass({ variant: 'secondary', className: 'mt-8' })}>
        Submit Another Request
      </button>
    </div>
  );
}
