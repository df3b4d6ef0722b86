import { Menu, Phone, UserRound, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { company } from '../../../../shared/company';
import { HEADER_COMPACT_AFTER_PX } from '../../../../shared/constants';
import { ENTRY_HOMES, signedInHome } from '../../../../shared/session-marker';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { headerLinks, mobileMenuLinks } from '../nav-links';
import { BrandMark, BrandName } from '../../../components/ui/brand-mark';
import { ThemeToggle } from '../../../components/ui/theme-toggle';

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the page is scrolled more than 50 px (SPEC §4). */
function useScrolledPast(threshold: number) {
  return useSyncExternalStore(
    subscribeScroll,
    () => window.scrollY > threshold,
    () => false,
  );
}

/** The marker changes in other pages (signing in or out); read it again when this page is shown again, from the back-forward cache or another tab. */
function subscribeShown(onChange: () => void) {
  window.addEventListener('pageshow', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.removeEventListener('pageshow', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/**
 * Where a signed-in visitor's own pages are, from the marker cookie beside the session
 * (shared/session-marker.ts): no request, and nothing for the prerendered page to wait for.
 * The build renders the signed-out link; the island swaps it after hydration.
 */
function useSignedInHome() {
  return useSyncExternalStore(
    subscribeShown,
    () => signedInHome(document.cookie),
    () => null,
  );
}

/** "Customer Login", or "My dashboard" for a visitor who is signed in. The label may be hidden visually, never from its name. */
function AccountLink({ className, labelClassName, onClick }: { className: string; labelClassName?: string; onClick?: () => void }) {
  const home = useSignedInHome();
  return (
    <a href={home ?? ENTRY_HOMES.portal} onClick={onClick} className={className}>
      <UserRound className="size-5 shrink-0" aria-hidden="true" />
      <span className={labelClassName}>{home ? 'My dashboard' : 'Customer Login'}</span>
    </a>
  );
}

/** The fixed header: an island, hydrated on load. */
export function SiteHeader() {
  const compact = useScrolledPast(HEADER_COMPACT_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header
      data-compact={compact}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-[padding,background-color,box-shadow] duration-200',
        compact
          ? 'border-slate-200 bg-white/95 py-2 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-950/95'
          : 'border-transparent bg-white py-4 dark:bg-slate-950',
      )}
    >
      <div className="container-page flex items-center justify-between gap-4">
        <a href="#home" className="flex items-center gap-3 rounded-lg" aria-label={`${company.name}, back to top`}>
          <BrandMark />
          <BrandName />
        </a>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {headerLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="rounded-md px-2 py-2 xl:px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <a
            href={company.phone.href}
            className="hidden items-center gap-2 whitespace-nowrap rounded-lg px-2 py-2 xl:px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 md:inline-flex dark:text-slate-100 dark:hover:bg-slate-800"
          >
            <Phone className="size-4 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            {company.phone.display}
          </a>
          <span className="hidden sm:block">
            {/* An icon until there is room for its words beside the main links and the phone number (xl). */}
            <AccountLink
              labelClassName="sr-only xl:not-sr-only"
              className="inline-flex h-10 items-center gap-2 whitespace-nowrap rounded-lg px-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
            />
          </span>
          <ThemeToggle />
          <span className="hidden sm:block">
            <a href="#contact" className={buttonClass({ size: 'sm', className: 'whitespace-nowrap' })}>
              Get Quote
            </a>
          </span>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg lg:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        <ul className="container-page grid gap-1 py-3">
          {mobileMenuLinks.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                onClick={() => setMenuOpen(false)}
                className="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <AccountLink
              onClick={() => setMenuOpen(false)}
              className="flex items-center gap-3 rounded-lg px-3 py-3 text-base font-semibold text-brand-800 hover:bg-slate-100 dark:text-brand-300 dark:hover:bg-slate-800"
            />
          </li>
          <li className="mt-2 grid gap-2 border-t border-slate-200 pt-3 sm:hidden dark:border-slate-800">
            <a href={company.phone.href} onClick={() => setMenuOpen(false)} className={buttonClass({ variant: 'secondary' })}>
              <Phone className="size-4" aria-hidden="true" /> Call {company.phone.display}
            </a>
            <a href="#contact" onClick={() => setMenuOpen(false)} className={buttonClass()}>
              Get Quote
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
