import { Check } from 'lucide-react';
import { SectionHeading } from '../../../components/ui/section-heading';
import { cn } from '../../../lib/cn';
import { services } from '../../../content/services';
import { QuoteLink } from './quote-link';
import { cardClass } from '../../../components/ui/card';

export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="services-title" eyebrow="What we do" title="Commercial lot cleaning, done on your schedule">
          Four services, combined into one plan that fits your property and your budget.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service.title} className={cardClass({ className: 'flex flex-col shadow-sm' })}>
              <span className={cn('inline-flex size-12 items-center justify-center rounded-xl', service.backgroundColor)}>
                <service.icon className={cn('size-6', service.textColor)} aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{service.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{service.description}</p>
              <ul className="mt-4 grid gap-2 text-sm text-slate-700 dark:text-slate-300">
                {service.details.map((detail) => (
                  <li key={detail} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-leaf-600 dark:text-emerald-400" aria-hidden="true" />
                    {detail}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <QuoteLink>Get a quote for your property</QuoteLink>
      </div>
    </section>
  );
}
