import { lazy } from 'react';
import { mountEntry } from '../app/router';
import '../styles.css';

const CustomerDashboard = lazy(() => import('../features/dashboard/components/customer-dashboard'));

/**
 * The customer portal (portal.html): sign-in screens and the customer's dashboard. The
 * dashboard's three views (its properties, one property, the account) are one screen.
 */
mountEntry<'portal'>({
  '/customer-dashboard': CustomerDashboard,
  '/customer-dashboard/properties/:id': CustomerDashboard,
  '/customer-dashboard/properties/:id/visits/:visitId': CustomerDashboard,
  '/customer-dashboard/account': CustomerDashboard,
  '/login': lazy(() => import('../features/auth/components/sign-in-page')),
  '/login/verify': lazy(() => import('../features/auth/components/verify-link-page')),
  '/logout': lazy(() => import('../features/auth/components/sign-out-page')),
  '/unsubscribe': lazy(() => import('../features/reports/components/unsubscribe-page')),
});
