import { FileText, Receipt, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuthUser, type AuthResponse } from '../../../api/get-auth-user';
import { LogOutLink, SignInPrompt, WrongAudience } from '../../../components/layout/notice-card';
import { PortalHeader } from '../../../components/layout/portal-header';
import { buttonClass, STACKED_ON_NARROW_PHONE } from '../../../components/ui/button';
import { dashboardPaths } from '../dashboard-view';

/**
 * A way from the header to a page of the customer's: the agreements, the invoices. On a narrow
 * phone the word goes under its icon, smaller, so both fit beside Log Out and neither is a bare icon.
 */
function HeaderLink({ href, current, icon: Icon, label }: { href: string; current: boolean; icon: LucideIcon; label: string }) {
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={buttonClass({
        variant: 'ghost',
        size: 'sm',
        className: `whitespace-nowrap ${STACKED_ON_NARROW_PHONE}`,
      })}
    >
      <Icon className="size-4" aria-hidden="true" />
      <span>{label}</span>
    </Link>
  );
}

const page = 'min-h-screen bg-slate-50 dark:bg-slate-950';

/**
 * Around each of the customer's screens (the dashboard, and an estimate opened in the portal): while
 * the user is read, "Loading..."; signed out, the prompt to log in and come back here; one of the
 * company's people, pointed to their own pages (where an owner's passkey step waits), never shown a
 * customer's page; a customer, the header with the agreements, the invoices and Log Out, and the screen.
 */
export function CustomerFrame({
  children,
  at,
}: {
  children: (auth: AuthResponse) => ReactNode;
  /** The header's page being shown, marked as the current one. */
  at?: 'agreements' | 'invoices';
}) {
  const auth = useAuthUser();
  const [location] = useLocation();
  if (auth.isPending)
    return (
      <div className={page}>
        <PortalHeader />
        <main className="container-page py-16">
          <p className="text-slate-600 dark:text-slate-400">Loading...</p>
        </main>
      </div>
    );
  if (!auth.data)
    return (
      <div className={page}>
        <PortalHeader />
        <main className="px-4 py-16">
          <SignInPrompt
            title="Customer portal"
            text="Please log in to see your properties and their before and after photos."
            returnTo={location}
          />
        </main>
      </div>
    );
  if (auth.data.user.role !== 'customer')
    return (
      <div className={page}>
        <PortalHeader>
          <LogOutLink />
        </PortalHeader>
        <main className="px-4 py-16">
          <WrongAudience role={auth.data.user.role} audience="customers" />
        </main>
      </div>
    );
  return (
    <div className={page}>
      <PortalHeader>
        <HeaderLink href={dashboardPaths.agreements} current={at === 'agreements'} icon={FileText} label="Agreements" />
        <HeaderLink href={dashboardPaths.invoices} current={at === 'invoices'} icon={Receipt} label="Invoices" />
        <LogOutLink />
      </PortalHeader>
      {children(auth.data)}
    </div>
  );
}
