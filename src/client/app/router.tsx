import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { ConsoleLayout } from '../components/layout/console-layout';
import { NotFoundPage } from '../features/not-found/components/not-found-page';

// Each screen's code loads only when it is visited.
const CustomerDashboard = lazy(() => import('../features/dashboard/components/customer-dashboard'));
const SignInPage = lazy(() => import('../features/auth/components/sign-in-page'));
const VerifyLinkPage = lazy(() => import('../features/auth/components/verify-link-page'));
const QuoteRequestsPage = lazy(() => import('../features/quote-requests/components/quote-requests-page'));
const OverviewPage = lazy(() => import('../features/quote-requests/components/overview-page'));
const CustomersPage = lazy(() => import('../features/customers/components/customers-page'));
const CustomerPage = lazy(() => import('../features/customers/components/customer-page'));

const inConsole = (Screen: ComponentType) => (
  <ConsoleLayout>
    <Screen />
  </ConsoleLayout>
);

const loading = <p className="p-8 text-slate-600 dark:text-slate-400">Loading...</p>;

/** Routes of the app shell (everything but the prerendered landing page). Keep in step with APP_ROUTES. */
export function AppRouter() {
  return (
    <Suspense fallback={loading}>
      <Switch>
        <Route path="/customer-dashboard" component={CustomerDashboard} />
        <Route path="/login" component={SignInPage} />
        <Route path="/login/verify" component={VerifyLinkPage} />
        <Route path="/admin">{inConsole(OverviewPage)}</Route>
        <Route path="/admin/submissions">{inConsole(QuoteRequestsPage)}</Route>
        <Route path="/admin/customers">{inConsole(CustomersPage)}</Route>
        <Route path="/admin/customers/:id">{inConsole(CustomerPage)}</Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
