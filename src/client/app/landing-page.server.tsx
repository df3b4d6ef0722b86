import { ContactDetails } from '../features/contact/components/contact-details';
import { ContactIsland } from '../features/contact/components/contact-island';
import { AboutSection } from '../features/landing/components/about-section';
import { ClosingCta } from '../features/landing/components/closing-cta';
import { FaqSection } from '../features/landing/components/faq-section';
import { GalleryGrid } from '../features/landing/components/gallery-section';
import { HeroPromises } from '../features/landing/components/hero-promises';
import { HeroSection } from '../features/landing/components/hero-section';
import { ProcessSection } from '../features/landing/components/process-section';
import { ServiceAreasSection } from '../features/landing/components/service-areas-section';
import { ServicesSection } from '../features/landing/components/services-section';
import { SiteFooter } from '../features/landing/components/site-footer';
import { SiteHeader } from '../features/landing/components/site-header';
import { TestimonialCarousel } from '../features/landing/components/testimonial-carousel';
import { SectionHeading } from '../components/ui/section-heading';
import { Island } from './island.server';
import { cardClass } from '../components/ui/card';

/** The whole landing page, rendered at build time; only the islands ship JavaScript. */
export function LandingPage() {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <Island name="header">
        <SiteHeader />
      </Island>
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection
          promises={
            <Island name="promises">
              <HeroPromises />
            </Island>
          }
        />
        <ServicesSection />
        <ProcessSection />
        <section id="gallery" aria-labelledby="gallery-title" className="py-20 sm:py-24">
          <div className="container-page">
            <SectionHeading id="gallery-title" eyebrow="Our work" title="Before and after, across the metro">
              Real kinds of properties we keep clean, from a West Allis retail lot to a Waukesha apartment community.
            </SectionHeading>
            <Island name="gallery">
              <GalleryGrid />
            </Island>
          </div>
        </section>
        <AboutSection />
        <section id="testimonials" aria-labelledby="testimonials-title" className="py-20 sm:py-24">
          <div className="container-page">
            <SectionHeading id="testimonials-title" eyebrow="Reviews" title="Property managers sleep better on cleaning day" />
            <Island name="reviews">
              <TestimonialCarousel />
            </Island>
          </div>
        </section>
        <ServiceAreasSection />
        <FaqSection />
        <ClosingCta />
        <section id="contact" aria-labelledby="contact-title" className="py-20 sm:py-24">
          <div className="container-page grid gap-12 lg:grid-cols-5">
            <div className="lg:col-span-2">
              <ContactDetails />
            </div>
            <div className={cardClass({ padding: 'p-6 sm:p-8', className: 'shadow-sm lg:col-span-3' })}>
              <Island name="contact">
                <ContactIsland />
              </Island>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
