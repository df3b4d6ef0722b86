import { Phone } from 'lucide-react';
import { company } from '../../../../shared/company';
import { buttonClass } from '../../../components/ui/button';

/** The closing call-to-action; its phone is the sales line, not the header's main line. */
export function ClosingCta() {
  return (
    <section aria-labelledby="closing-title" className="bg-brand-900 py-16 sm:py-20 dark:bg-brand-950">
      <div className="container-page flex flex-col items-center gap-8 text-center lg:flex-row lg:justify-between lg:text-left">
        <div className="max-w-2xl">
          <h2 id="closing-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready for a cleaner property by next week?
          </h2>
          <p className="mt-4 text-lg text-brand-100">
            Tell us about your lot today. We call within 24 hours, and your first cleaning can be on the calendar within days.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href="#contact" className={buttonClass({ variant: 'onDark', size: 'lg' })}>
            Request a Free Quote
          </a>
          <a href={company.salesPhone.href} className={buttonClass({ variant: 'outlineOnDark', size: 'lg' })}>
            <Phone className="size-5" aria-hidden="true" />
            {company.salesPhone.display}
          </a>
        </div>
      </div>
    </section>
  );
}
