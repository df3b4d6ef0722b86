import { NotFoundPage } from '../../features/not-found/components/not-found-page';
import { lazyScreen } from '../lazy-screen';
import type { EntryScreens } from '../router';

const CustomerDashboard = lazyScreen(() => import('../../features/dashboard/components/customer-dashboard'));
const InvoicesScreen = lazyScreen(() => import('../../features/dashboard/components/invoices-screen'));

/**
 * The customer portal (portal.html): sign-in screens and the customer's dashboard. The
 * dashboard's views (its properties, one property, its agreements and estimates, the account) are
 * one screen; an estimate opened in the portal is another, with the estimate page's components; the
 * invoices (the list and each invoice) are a third, whose code loads when they are opened.
 */
export const portalEntry: EntryScreens<'portal'> = {
  screens: {
    '/customer-dashboard': CustomerDashboard,
    '/customer-dashboard/properties/:id': CustomerDashboard,
    '/customer-dashboard/properties/:id/visits/:visitId': CustomerDashboard,
    '/customer-dashboard/account': CustomerDashboard,
    '/customer-dashboard/agreements': CustomerDashboard,
    '/customer-dashboard/estimates/:id': lazyScreen(() => import('../../features/dashboard/components/my-estimate-page')),
    '/customer-dashboard/invoices': InvoicesScreen,
    '/customer-dashboard/invoices/:id': InvoicesScreen,
    '/login': lazyScreen(() => import('../../features/auth/components/sign-in-page')),
    '/login/verify': lazyScreen(() => import('../../features/auth/components/verify-link-page')),
    '/logout': lazyScreen(() => import('../../features/auth/components/sign-out-page')),
    '/unsubscribe': lazyScreen(() => import('../../features/reports/components/unsubscribe-page')),
  },
  notFound: NotFoundPage,
  home: { href: '/customer-dashboard', label: 'your dashboard' },
};
