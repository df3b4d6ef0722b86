import { SectionHeading } from '../../../components/ui/section-heading';
import { processSteps } from '../../../content/process';
import { QuoteLink } from './quote-link';
import { cardClass } from '../../../components/ui/card';

/** How It Works: hidden below the large breakpoint (SPEC §2). */
export function ProcessSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="hidden bg-slate-50 py-24 lg:block dark:bg-slate-900/50">
      <div className="container-page">
        <SectionHeading id="how-it-works-title" eyebrow="How it works" title="From first call to a spotless property in six steps" />
        <ol className="mt-14 grid grid-cols-3 gap-6">
          {processSteps.map((step) => (
            <li key={step.id} className={cardClass({ className: 'relative' })}>
              <div className="flex items-center gap-4">
                <span
                  className="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white dark:bg-brand-500 dark:text-slate-950"
                  aria-hidden="true"
                >
                  {step.id}
                </span>
                <step.icon className="size-6 text-brand-700 dark:text-brand-300" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                <span className="sr-only">Step {step.id}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{step.description}</p>
              <p className="mt-3 text-sm font-medium text-leaf-700 dark:text-emerald-400">{step.details}</p>
            </li>
          ))}
        </ol>
        <QuoteLink>Start with step one</QuoteLink>
      </div>
    </section>
  );
}
