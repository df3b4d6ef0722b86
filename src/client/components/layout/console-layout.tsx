import { UserRound } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { company } from '../../../shared/company';
import { mayUseConsole } from '../../../shared/policy';
import type { EntryPath } from '../../../shared/routes';
import { useAuthUser, useRoleMay } from '../../api/get-auth-user';
import { SignInPrompt, WrongAudience, LogOutLink } from './notice-card';
import { needsPasskeyStep, PasskeyGate } from '../passkeys/passkey-gate';
import { buttonClass } from '../ui/button';
import { cn } from '../../lib/cn';
import { PortalHeader } from './portal-header';

/** The console's sections. Each label is also its screen's heading and the tab's title: one name for each (SPEC §2 names the inbox). */
const sections: Array<{ href: EntryPath<'console'>; label: string; ownersOnly?: boolean; inHeader?: boolean; long?: boolean }> = [
  { href: '/admin', label: 'Overview' },
  { href: '/admin/submissions', label: 'Contact Form Submissions', long: true },
  { href: '/admin/estimates', label: 'Estimates' },
  { href: '/admin/customers', label: 'Customers' },
  { href: '/admin/schedule', label: 'Schedule' },
  { href: '/admin/crew', label: 'Crew' },
  { href: '/admin/invoices', label: 'Invoices' },
  { href: '/admin/price-book', label: 'Price book' },
  { href: '/admin/audit', label: 'Audit log', ownersOnly: true },
  // Linked from the header, beside Log Out, rather than among the sections.
  { href: '/admin/account', label: 'Your account', inHeader: true },
];

/**
 * Screens that belong to a section without sharing its path: a visit is part of the schedule, a
 * property and a service agreement of their customer, receivables of the invoices (linked from there).
 */
const alsoUnder: Array<[prefix: string, section: EntryPath<'console'>]> = [
  ['/admin/visits/', '/admin/schedule'],
  ['/admin/properties/', '/admin/customers'],
  ['/admin/agreements/', '/admin/customers'],
  ['/admin/receivables', '/admin/invoices'],
];

/** A screen under another section that has a name of its own: its heading, which the tab's title takes too. */
const ownTitles: Partial<Record<EntryPath<'console'>, string>> = { '/admin/receivables': 'Receivables' };

/** The section a console path belongs to: /admin/customers/:id is under Customers. */
const sectionOf = (location: string) =>
  sections.find((section) => section.href !== '/admin' && location.startsWith(section.href))?.href ??
  alsoUnder.find(([prefix]) => location.startsWith(prefix))?.[1] ??
  '/admin';

/** The console's sections; the current one is marked for assistive technology and styled by that mark. */
function SectionLinks({ current, className }: { current: string; className: string }) {
  const owner = useRoleMay('list', 'auditEvent');
  return (
    <ul className={className}>
      {sections
        .filter((section) => (owner || !section.ownersOnly) && !section.inHeader)
        .map((section) => (
          <li key={section.href} className="flex">
            <Link
              href={section.href}
              aria-current={current === section.href ? 'page' : undefined}
              // In the header (from xl up) each name takes one line; only the long one takes two.
              className={cn(
                !section.long && 'xl:whitespace-nowrap',
                'flex w-full items-center justify-center rounded-md px-3 py-2 xl:px-2.5 text-center text-sm leading-tight font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-brand-900/60 dark:aria-[current=page]:text-brand-100',
              )}
            >
              {section.label}
            </Link>
          </li>
        ))}
    </ul>
  );
}

/** The staff console's frame: the office sees its screens; visitors a sign-in prompt; anyone else a refusal. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const auth = useAuthUser();
  const [location] = useLocation();
  const current = sectionOf(location);
  const staff = auth.data ? mayUseConsole(auth.data.user.role) : false;
  // An owner or office member signed in by e-mail link alone sees only the passkey step (issue 13).
  const passkeyStep = staff && needsPasskeyStep(auth.data!.passkey);
  const open = staff && !passkeyStep;
  const title =
    ownTitles[location.replace(/\/$/, '') as EntryPath<'console'>] ?? sections.find((section) => section.href === current)!.label;
  useEffect(() => {
    document.title = `${title} · ${company.name}`;
  }, [title]);
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <PortalHeader sectionsInHeader={open}>
        {open ? (
          <nav aria-label="Staff console" className="hidden xl:block">
            <SectionLinks current={current} className="flex gap-1" />
          </nav>
        ) : null}
        {open ? (
          <Link
            href="/admin/account"
            title="Your account"
            aria-current={current === '/admin/account' ? 'page' : undefined}
            className={buttonClass({
              variant: 'ghost',
              size: 'sm',
              className: 'whitespace-nowrap aria-[current=page]:bg-brand-100 dark:aria-[current=page]:bg-brand-900/60',
            })}
          >
            <UserRound className="size-4" aria-hidden="true" />
            {/* On a phone, and beside the sections in the header below 1536 px, the icon stands alone; its name stays for screen readers and shows on hover. */}
            <span className="sr-only sm:not-sr-only sm:whitespace-nowrap xl:sr-only 2xl:not-sr-only">Your account</span>
          </Link>
        ) : null}
        {auth.data ? <LogOutLink /> : null}
      </PortalHeader>
      {open ? (
        <nav
          aria-label="Staff console sections"
          className="border-b border-slate-200 bg-white xl:hidden dark:border-slate-800 dark:bg-slate-950"
        >
          <SectionLinks current={current} className="container-page grid grid-cols-3 gap-1 py-2 md:flex md:flex-wrap md:justify-center" />
        </nav>
      ) : null}
      <main className="container-page py-10">
        {auth.isPending ? (
          <p className="text-slate-600 dark:text-slate-400">Loading...</p>
        ) : !auth.data ? (
          <SignInPrompt
            title="Staff sign-in"
            text="Please log in with your staff e-mail address to use the staff console."
            returnTo={location}
          />
        ) : !staff ? (
          <WrongAudience role={auth.data.user.role} audience={auth.data.user.role === 'crew' ? 'office staff' : 'staff'} />
        ) : passkeyStep ? (
          <PasskeyGate auth={auth.data} />
        ) : (
          children
        )}
      </main>
    </div>
  );
}
