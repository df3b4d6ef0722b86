import { MapPin } from 'lucide-react';
import { SectionHeading } from '../../../components/ui/section-heading';
import { serviceAreas } from '../../../content/service-areas';
import { QuoteLink } from './quote-link';
import { cardClass } from '../../../components/ui/card';

export function ServiceAreasSection() {
  return (
    <section id="service-areas" aria-labelledby="service-areas-title" className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/50">
      <div className="container-page">
        <SectionHeading id="service-areas-title" eyebrow="Service areas" title="Across Milwaukee and Waukesha counties">
          Our routes cover these communities every week. Near the edge of the map? Ask us: we often can.
        </SectionHeading>
        <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          {serviceAreas.map((area) => (
            <div key={area.region} className={cardClass()}>
              <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
                <MapPin className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                {area.region}
              </h3>
              <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-slate-700 dark:text-slate-300">
                {area.locations.map((location) => (
                  <li key={location} className="flex items-center gap-2">
                    <span className="size-1.5 rounded-full bg-leaf-500" aria-hidden="true" />
                    {location}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <QuoteLink>Check availability at your property</QuoteLink>
      </div>
    </section>
  );
}
