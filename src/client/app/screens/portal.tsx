import { NotFoundPage } from '../../features/not-found/components/not-found-page';
import { lazyScreen } from '../lazy-screen';
import type { EntryScreens } from '../router';

const CustomerDashboard = lazyScreen(() => import('../../features/dashboard/components/customer-dashboard'));

/**
 * The customer portal (portal.html): sign-in screens and the customer's dashboard. The
 * dashboard's views (its properties, one property, its agreements and estimates, one estimate,
 * the account) are one screen.
 */
export const portalEntry: EntryScreens<'portal'> = {
  screens: {
    '/customer-dashboard': CustomerDashboard,
    '/customer-dashboard/properties/:id': CustomerDashboard,
    '/customer-dashboard/properties/:id/visits/:visitId': CustomerDashboard,
    '/customer-dashboard/account': CustomerDashboard,
    '/customer-dashboard/agreements': CustomerDashboard,
    '/customer-dashboard/estimates/:id': CustomerDashboard,
    '/login': lazyScreen(() => import('../../features/auth/components/sign-in-page')),
    '/login/verify': lazyScreen(() => import('../../features/auth/components/verify-link-page')),
    '/logout': lazyScreen(() => import('../../features/auth/components/sign-out-page')),
    '/unsubscribe': lazyScreen(() => import('../../features/reports/components/unsubscribe-page')),
  },
  notFound: NotFoundPage,
  home: { href: '/customer-dashboard', label: 'your dashboard' },
};
