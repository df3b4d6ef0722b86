import { GalleryGrid } from '../features/landing/components/gallery-section';
import { SiteHeader } from '../features/landing/components/site-header';
import { TestimonialCarousel } from '../features/landing/components/testimonial-carousel';
import { hydrateIsland, hydrateIslandLazily } from '../lib/islands';

/**
 * Loaded by landing.ts after the first paint. The landing page is static HTML;
 * only its islands run React. The header, gallery
 * and reviews hydrate at once. The hero's tooltips (Radix and Floating UI) load
 * when the browser is idle, and the quote form (react-hook-form, zod, TanStack
 * Query, toasts) when the contact section comes near: neither is in the first load.
 */
hydrateIsland('header', SiteHeader);
hydrateIsland('gallery', GalleryGrid);
hydrateIsland('reviews', TestimonialCarousel);
hydrateIslandLazily('promises', () => import('../features/landing/components/hero-promises').then((m) => m.HeroPromises), { idle: true });
hydrateIslandLazily('contact', () => import('../features/contact/components/contact-island').then((m) => m.ContactIsland), {
  visibleMargin: '800px 0px',
});
