import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { HeroIllustration } from './hero-illustration';

/** The hero; `promises` is the hydrated island of trust points with tooltips. */
export function HeroSection({ promises }: { promises: ReactNode }) {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white pb-16 pt-32 sm:pt-36 lg:pb-24 dark:from-slate-900 dark:to-slate-950"
    >
      <div className="container-page grid items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-leaf-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-emerald-400 dark:ring-slate-700">
            <span className="size-2 rounded-full bg-leaf-500" aria-hidden="true" />
            Serving Milwaukee &amp; Waukesha counties
          </p>
          <h1
            id="home-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white"
          >
            Clean lots. <span className="text-brand-700 dark:text-brand-400">Better first impressions.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600 dark:text-slate-300">
            Litter removal and lot cleaning for retail centers, office parks, industrial sites and apartment communities. Our crews work
            early mornings, evenings and weekends, so your customers and tenants only ever see a clean property.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#contact" className={buttonClass({ size: 'lg' })}>
              Get a Quote
            </a>
            <a href="#services" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
              Our Services
            </a>
          </div>
          {promises}
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
