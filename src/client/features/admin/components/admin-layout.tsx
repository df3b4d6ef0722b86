import { LogIn, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { PortalHeader } from '../../../components/layout/portal-header';
import { buttonClass } from '../../../components/ui/button';
import { useAuthUser } from '../../../lib/auth';
import { mayUseConsole } from '../../../../shared/policy';

const sections = [
  { href: '/admin', label: 'Overview' },
  { href: '/admin/submissions', label: 'Requests' },
  { href: '/admin/customers', label: 'Customers' },
];

/** The console's sections; the current one is marked for assistive technology and styled by that mark. */
function SectionLinks({ current, className }: { current: string; className: string }) {
  return (
    <ul className={className}>
      {sections.map((section) => (
        <li key={section.href}>
          <a
            href={section.href}
            aria-current={current === section.href ? 'page' : undefined}
            className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-brand-900/60 dark:aria-[current=page]:text-brand-100"
          >
            {section.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The staff console's frame: staff see the page; visitors a sign-in prompt; customers a refusal. */
export function AdminLayout({ current, children }: { current: string; children: ReactNode }) {
  const auth = useAuthUser();
  const staff = auth.data ? mayUseConsole(auth.data.user.role) : false;
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <PortalHeader>
        {staff ? (
          <nav aria-label="Staff console" className="hidden sm:block">
            <SectionLinks current={current} className="flex gap-1" />
          </nav>
        ) : null}
        {auth.data ? (
          <a href="/api/logout" className={buttonClass({ variant: 'ghost', size: 'sm', className: 'whitespace-nowrap' })}>
            <LogOut className="size-4" aria-hidden="true" />
            Log Out
          </a>
        ) : null}
      </PortalHeader>
      {staff ? (
        <nav
          aria-label="Staff console sections"
          className="border-b border-slate-200 bg-white sm:hidden dark:border-slate-800 dark:bg-slate-950"
        >
          <SectionLinks current={current} className="container-page flex gap-1 py-2" />
        </nav>
      ) : null}
      <main className="container-page py-10">
        {auth.isPending ? (
          <p className="text-slate-600 dark:text-slate-400">Loading...</p>
        ) : !auth.data ? (
          <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center dark:border-slate-800 dark:bg-slate-900">
            <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Staff sign-in</h1>
            <p className="mt-3 text-slate-600 dark:text-slate-300">
              Please log in with your staff e-mail address to use the staff console.
            </p>
            <a
              href={`/api/login?returnTo=${encodeURIComponent(current)}`}
              className={buttonClass({ size: 'lg', className: 'mt-6 w-full' })}
            >
              <LogIn className="size-5" aria-hidden="true" />
              Log In
            </a>
          </div>
        ) : !staff ? (
          <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center dark:border-slate-800 dark:bg-slate-900">
            <h1 className="text-2xl font-bold text-slate-900 dark:text-white">You don&apos;t have access to this page</h1>
            <p className="mt-3 text-slate-600 dark:text-slate-300">
              This page is for our staff. Your properties and photos are on{' '}
              <a href="/customer-dashboard" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                your dashboard
              </a>
              .
            </p>
          </div>
        ) : (
          children
        )}
      </main>
    </div>
  );
}
