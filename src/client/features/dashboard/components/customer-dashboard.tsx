import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { company } from '../../../../shared/company';
import type { AuthResponse } from '../../../api/get-auth-user';
import { MonthlyReportDownload } from '../../../components/monthly-report-download';
import { useProperties } from '../api/get-properties';
import { dashboardPaths, dashboardView } from '../dashboard-view';
import { DashboardTabs } from './dashboard-tabs';
import { PropertyList } from './property-list';
import { CustomerPropertyPage, PropertyNotFound } from './customer-property-page';
import { ReportEmailsSettings } from './report-emails-settings';
import { YourSessions } from '../../../components/your-sessions';
import { CustomerVisitPage } from './customer-visit-page';
import { AgreementsPage, WaitingEstimatesNotice } from './agreements-page';
import { CustomerFrame } from './customer-frame';
import { fullName } from '../../../../shared/display-name';
import { cardClass } from '../../../components/ui/card';

/** "Welcome back" names the customer, else the user's first name, else "Customer" (SPEC §2). */
export function welcomeName(auth: AuthResponse): string {
  return auth.customer?.name || auth.user.firstName || 'Customer';
}

/** The browser tab's title names the view, so history lists and screen readers can tell the views apart. */
function useTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} | ${company.name}`;
  }, [title]);
}

function MyProperties({ selectedId, visitId, onSelect }: { selectedId: string | null; visitId?: string; onSelect: (id: string) => void }) {
  const properties = useProperties();
  const selected = properties.data?.find((p) => p.id === selectedId) ?? null;
  useTitle(
    properties.isPending
      ? null
      : selected
        ? visitId
          ? `Visit at ${selected.name}`
          : selected.name
        : selectedId
          ? 'Property not found'
          : 'My Properties',
  );

  if (properties.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading...</p>;
  if (properties.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        Error loading properties. Please try again later.
      </p>
    );
  if (properties.data!.length === 0)
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">No Properties Found</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          We have no properties on your account yet. Please contact your property manager, or write to{' '}
          <a className="font-semibold text-brand-700 hover:underline dark:text-brand-300" href={`mailto:${company.supportEmail}`}>
            {company.supportEmail}
          </a>
          .
        </p>
      </div>
    );

  return (
    <>
      <h2 className="sr-only">Your properties</h2>
      <PropertyList properties={properties.data!} selectedId={selectedId} onSelect={onSelect} />
      {selectedId ? (
        // At least a screen tall, so the property's heading can always be scrolled to the top, even before its photos load.
        <div className="min-h-screen">
          {!selected ? (
            <PropertyNotFound />
          ) : visitId ? (
            <CustomerVisitPage property={selected} visitId={visitId} />
          ) : (
            <CustomerPropertyPage key={selected.id} property={selected} />
          )}
        </div>
      ) : (
        <>
          <p className="mt-8 text-slate-600 dark:text-slate-400">Select a property to see its before and after photos.</p>
          {properties.data!.length > 1 ? (
            <div className={cardClass({ padding: 'p-4 sm:p-6', className: 'mt-8 max-w-2xl' })}>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Monthly service report, all properties</h2>
              <div className="mt-3">
                <MonthlyReportDownload
                  of="mine"
                  description="One PDF with the month's visits at every one of your properties, property by property."
                />
              </div>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

function AccountSettings({ auth }: { auth: AuthResponse }) {
  useTitle('Account Settings');
  return (
    <div className="space-y-6">
      <AccountDetails auth={auth} />
      <ReportEmailsSettings email={auth.user.email} />
      <YourSessions />
    </div>
  );
}

function AccountDetails({ auth }: { auth: AuthResponse }) {
  // The person's own address first (the one they sign in with and get e-mails at), then the company's details.
  const rows: Array<[string, string | null | undefined]> = [
    ['Name', auth.customer?.name ?? fullName(auth.user)],
    ['Your e-mail', auth.user.email],
    ['Company e-mail', auth.customer?.email],
    ['Phone', auth.customer?.phone],
    ['Address', auth.customer?.address],
  ];
  return (
    <section aria-labelledby="account-details-title" className={cardClass({ className: 'max-w-2xl' })}>
      <h2 id="account-details-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Account details
      </h2>
      <dl className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="grid gap-1 py-3 sm:grid-cols-3">
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="break-words text-slate-900 sm:col-span-2 dark:text-white">{value}</dd>
            </div>
          ))}
      </dl>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        To update these details, e-mail us at{' '}
        <a className="font-semibold text-brand-700 hover:underline dark:text-brand-300" href={`mailto:${company.supportEmail}`}>
          {company.supportEmail}
        </a>
        .
      </p>
    </section>
  );
}

/**
 * /customer-dashboard (SPEC §2, §4), one property (/customer-dashboard/properties/:id), the
 * account (/customer-dashboard/account), and beside the two tabs the agreements and estimates
 * (/customer-dashboard/agreements, reached from the header): one screen, each view at its own URL.
 */
export default function CustomerDashboard() {
  const [location, navigate] = useLocation();
  const view = dashboardView(location);
  const tab = view.tab;

  return (
    <CustomerFrame at={view.tab === 'agreements' ? 'agreements' : undefined}>
      {(auth) =>
        view.tab === 'agreements' ? (
          <main className="container-page py-6 sm:py-10">
            <AgreementsPage />
          </main>
        ) : (
          <main className="container-page py-10">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              Welcome back, {welcomeName(auth)}
            </h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              Your properties, every visit our crews make, and the photos from each.
            </p>
            <WaitingEstimatesNotice />
            <div className="mt-8">
              <DashboardTabs
                selected={tab}
                onSelect={(id) => {
                  if (id !== tab) navigate(id === 'account' ? dashboardPaths.account : dashboardPaths.home);
                }}
                tabs={[
                  {
                    id: 'properties',
                    label: 'My Properties',
                    panel: (
                      <MyProperties
                        selectedId={view.tab === 'properties' ? view.propertyId : null}
                        visitId={view.tab === 'properties' ? view.visitId : undefined}
                        onSelect={(id) => {
                          if (view.tab !== 'properties' || id !== view.propertyId || view.visitId) navigate(dashboardPaths.property(id));
                        }}
                      />
                    ),
                  },
                  { id: 'account', label: 'Account Settings', panel: <AccountSettings auth={auth} /> },
                ]}
              />
            </div>
          </main>
        )
      }
    </CustomerFrame>
  );
}
