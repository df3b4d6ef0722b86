import { lazy } from 'react';
import { mountEntry } from '../app/router';
import '../styles.css';

/** The customer portal (portal.html): sign-in screens and the customer's dashboard. */
mountEntry<'portal'>({
  '/customer-dashboard': lazy(() => import('../features/dashboard/components/customer-dashboard')),
  '/login': lazy(() => import('../features/auth/components/sign-in-page')),
  '/login/verify': lazy(() => import('../features/auth/components/verify-link-page')),
});
