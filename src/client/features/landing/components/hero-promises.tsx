import { BadgeCheck, Clock, FileSignature } from 'lucide-react';
import { SERVICE_START } from '../../../../shared/constants';
import { Tooltip, TooltipProvider } from '../../../components/ui/tooltip';

const promises = [
  {
    icon: BadgeCheck,
    text: 'Licensed, bonded & insured',
    detail: 'General liability and workers’ compensation. Certificate of insurance on request.',
  },
  {
    icon: FileSignature,
    text: 'No long-term contracts',
    detail: 'Month-to-month or one-time cleanups; longer agreements earn a discount.',
  },
  {
    icon: Clock,
    text: `Service starts in ${SERVICE_START}`,
    detail: `Your first visit is scheduled ${SERVICE_START} after you confirm the quote.`,
  },
];

/** The hero's three promises, each with a tooltip: an island hydrated when the browser is idle. */
export function HeroPromises() {
  return (
    <TooltipProvider>
      <ul className="mt-8 grid gap-2 text-sm font-medium text-slate-700 sm:grid-cols-3 dark:text-slate-300">
        {promises.map(({ icon: Icon, text, detail }) => (
          <li key={text}>
            <Tooltip content={detail}>
              <button type="button" className="flex w-full cursor-help items-center gap-2 rounded-md py-1 text-left">
                <Icon className="size-5 shrink-0 text-leaf-600 dark:text-emerald-400" aria-hidden="true" />
                <span className="underline decoration-slate-300 decoration-dotted underline-offset-4 dark:decoration-slate-600">
                  {text}
                </span>
              </button>
            </Tooltip>
          </li>
        ))}
      </ul>
    </TooltipProvider>
  );
}
