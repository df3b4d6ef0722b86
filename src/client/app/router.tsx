import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../features/not-found/components/not-found-page';

// Each screen's code loads only when it is visited.
const CustomerDashboard = lazy(() => import('../features/dashboard/components/customer-dashboard'));
const SignInPage = lazy(() => import('../features/auth/components/sign-in-page'));
const VerifyLinkPage = lazy(() => import('../features/auth/components/verify-link-page'));
const SubmissionsPage = lazy(() => import('../features/admin/components/submissions-page'));
const AdminHome = lazy(() => import('../features/admin/components/admin-home'));
const CustomersPage = lazy(() => import('../features/admin/components/customers-page'));
const CustomerPage = lazy(() => import('../features/admin/components/customer-page'));

/** Routes of the app shell (everything but the prerendered landing page). Keep in step with APP_ROUTES. */
export function AppRouter() {
  return (
    <Suspense fallback={<p className="p-8 text-slate-600 dark:text-slate-400">Loading...</p>}>
      <Switch>
        <Route path="/customer-dashboard" component={CustomerDashboard} />
        <Route path="/login" component={SignInPage} />
        <Route path="/login/verify" component={VerifyLinkPage} />
        <Route path="/admin" component={AdminHome} />
        <Route path="/admin/submissions" component={SubmissionsPage} />
        <Route path="/admin/customers" component={CustomersPage} />
        <Route path="/admin/customers/:id" component={CustomerPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
