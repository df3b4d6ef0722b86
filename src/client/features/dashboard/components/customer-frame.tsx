import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuthUser, type AuthResponse } from '../../../api/get-auth-user';
import { LogOutLink, SignInPrompt, WrongAudience } from '../../../components/layout/notice-card';
import { PortalHeader } from '../../../components/layout/portal-header';
import { buttonClass } from '../../../components/ui/button';
import { dashboardPaths } from '../dashboard-view';

/** The header's way to the agreements and estimates, on every page of the customer's. */
function AgreementsLink({ current }: { current: boolean }) {
  return (
    <Link
      href={dashboardPaths.agreements}
      aria-current={current ? 'page' : undefined}
      className={buttonClass({ variant: 'ghost', size: 'sm', className: 'whitespace-nowrap' })}
    >
      <FileText className="size-4" aria-hidden="true" />
      Agreements
    </Link>
  );
}

const page = 'min-h-screen bg-slate-50 dark:bg-slate-950';

/**
 * Around each of the customer's screens (the dashboard, and an estimate opened in the portal): while
 * the user is read, "Loading..."; signed out, the prompt to log in and come back here; one of the
 * company's people, pointed to their own pages (where an owner's passkey step waits), never shown a
 * customer's page; a customer, the header with the agreements and Log Out, and the screen.
 */
export function CustomerFrame({ children, atAgreements = false }: { children: (auth: AuthResponse) => ReactNode; atAgreements?: boolean }) {
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
        <AgreementsLink current={atAgreements} />
        <LogOutLink />
      </PortalHeader>
      {children(auth.data)}
    </div>
  );
}
