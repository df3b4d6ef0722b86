import { BadgeCheck, ChevronLeft, ChevronRight, Pause, Play, Star } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../../../shared/constants';
import { cn } from '../../../lib/cn';
import { testimonials } from '../../../content/testimonials';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/**
 * The testimonial carousel (SPEC §4): advances every 8 s and wraps around.
 * It pauses while hovered or focused, has a pause button, and never moves on
 * its own under prefers-reduced-motion (WCAG 2.2.2).
 */
export function TestimonialCarousel() {
  const count = testimonials.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !paused && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const current = testimonials[index]!;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer reviews"
      className="mx-auto mt-14 max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div aria-live={rotating ? 'off' : 'polite'}>
        <div
          key={index}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          className="rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900"
        >
          <figure>
            <div className="flex gap-1" role="img" aria-label={`Rated ${current.rating} out of 5`}>
              {Array.from({ length: current.rating }, (_, i) => (
                <Star key={i} className="size-5 fill-amber-400 text-amber-400" aria-hidden="true" />
              ))}
            </div>
            <blockquote className="mt-6 text-xl leading-8 text-slate-800 sm:text-2xl sm:leading-9 dark:text-slate-100">
              <p>“{current.quote}”</p>
            </blockquote>
            <figcaption className="mt-8 flex flex-wrap items-center gap-4">
              <span
                className={cn(
                  'inline-flex size-12 items-center justify-center rounded-full text-base font-bold',
                  current.bgColor,
                  current.textColor,
                )}
                aria-hidden="true"
              >
                {current.initials}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900 dark:text-white">{current.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{current.title}</span>
              </span>
              <span className="flex flex-col items-start gap-1 text-xs text-slate-600 sm:items-end dark:text-slate-400">
                {current.verificationBadge ? (
                  <span className="inline-flex items-center gap-1 font-medium text-leaf-700 dark:text-emerald-400">
                    <BadgeCheck className="size-4" aria-hidden="true" />
                    {current.verificationBadge}
                  </span>
                ) : null}
                {current.serviceDate ? <span>{current.serviceDate}</span> : null}
              </span>
            </figcaption>
          </figure>
        </div>
      </div>

      <div className="mt-6 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => go(index - 1)}
          aria-label="Previous review"
          className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <div className="flex items-center">
          {testimonials.map((t, i) => (
            <button
              key={t.name}
              type="button"
              onClick={() => go(i)}
              aria-label={`Show review ${i + 1} of ${count}`}
              aria-current={i === index ? 'true' : undefined}
              className="group inline-flex size-8 items-center justify-center rounded-full"
            >
              <span
                className={cn(
                  'block h-2.5 rounded-full transition-all',
                  i === index ? 'w-6 bg-brand-700 dark:bg-brand-400' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400 dark:bg-slate-600',
                )}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => go(index + 1)}
          aria-label="Next review"
          className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Resume automatic rotation' : 'Pause automatic rotation'}
          className="ml-2 inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {paused ? <Play className="size-5" aria-hidden="true" /> : <Pause className="size-5" aria-hidden="true" />}
        </button>
      </div>
    </div>
  );
}
