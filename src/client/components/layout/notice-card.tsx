import { LogIn, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Role } from '../../../shared/policy';
import type { AppPath } from '../../../shared/routes';
import { buttonClass, STACKED_ON_NARROW_PHONE } from '../ui/button';
import { cardSurface } from '../ui/card-surface';

/** The centred card of a signed-out prompt or a polite refusal. */
export function NoticeCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${cardSurface} mx-auto max-w-md p-8 text-center shadow-sm`}>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      {children}
    </div>
  );
}

/** Asks a signed-out visitor to log in, and brings them back to `returnTo` afterwards. */
export function SignInPrompt({ title, text, returnTo }: { title: string; text: string; returnTo: string }) {
  return (
    <NoticeCard title={title}>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{text}</p>
      {/* /api/login is the server's sign-in flow: a plain link, not in-app navigation. */}
      <a href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`} className={buttonClass({ size: 'lg', className: 'mt-6 w-full' })}>
        <LogIn className="size-5" aria-hidden="true" />
        Log In
      </a>
    </NoticeCard>
  );
}

/** The header's Log Out link: /api/logout is a server route, so a plain link. */
export function LogOutLink() {
  return (
    <a
      href="/api/logout"
      className={buttonClass({ variant: 'ghost', size: 'sm', className: `whitespace-nowrap ${STACKED_ON_NARROW_PHONE}` })}
    >
      <LogOut className="size-4" aria-hidden="true" />
      Log Out
    </a>
  );
}

/** Where each role's own pages are, for a visitor who reached someone else's. */
const homes: Record<Role, { href: AppPath; lead: string; label: string }> = {
  owner: { href: '/admin', lead: 'Your screens are in', label: 'the staff console' },
  office: { href: '/admin', lead: 'Your screens are in', label: 'the staff console' },
  crew: { href: '/crew', lead: 'Your visits are on', label: 'your crew page' },
  customer: { href: '/customer-dashboard', lead: 'Your properties and photos are on', label: 'your dashboard' },
};

/** A polite refusal that points the user to their own pages (another entry, so a plain link that loads it). */
export function WrongAudience({ role, audience }: { role: Role; audience: string }) {
  const home = homes[role];
  return (
    <NoticeCard title="You don't have access to this page">
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        This page is for our {audience}. {home.lead}{' '}
        <a href={home.href} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {home.label}
        </a>
        .
      </p>
    </NoticeCard>
  );
}
