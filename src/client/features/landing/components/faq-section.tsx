import { ChevronDown } from 'lucide-react';
import { SectionHeading } from '../../../components/ui/section-heading';
import { faqItems } from '../../../content/faq';
import { QuoteLink } from './quote-link';
import { cardClass } from '../../../components/ui/card';

/**
 * The FAQ accordion. Native <details> sharing one `name` form an exclusive
 * group: opening one closes the other, and the open one can be closed again.
 * It needs no JavaScript at all.
 */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="py-20 sm:py-24">
      <div className="container-page max-w-3xl">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions property managers ask us" />
        <div className={cardClass({ padding: '', className: 'mt-12 divide-y divide-slate-200 dark:divide-slate-800' })}>
          {faqItems.map((item) => (
            <details key={item.question} name="faq" className="group">
              <summary className="flex cursor-pointer items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left font-semibold text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800/60">
                <h3 className="text-base">{item.question}</h3>
                <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <p className="px-6 pb-6 leading-7 text-slate-600 dark:text-slate-400">{item.answer}</p>
            </details>
          ))}
        </div>
        <QuoteLink>Still have questions? Ask us</QuoteLink>
      </div>
    </section>
  );
}
