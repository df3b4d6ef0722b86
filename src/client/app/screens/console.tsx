import { ConsoleLayout } from '../../components/layout/console-layout';
import { NotFoundPage } from '../../features/not-found/components/not-found-page';
import { lazyScreen } from '../lazy-screen';
import type { EntryScreens } from '../router';

/** The staff console (console.html): every screen inside one frame, which checks the role once. */
export const consoleEntry: EntryScreens<'console'> = {
  screens: {
    '/admin': lazyScreen(() => import('../../features/quote-requests/components/overview-page')),
    '/admin/submissions': lazyScreen(() => import('../../features/quote-requests/components/quote-requests-page')),
    '/admin/estimates': lazyScreen(() => import('../../features/estimates/components/estimates-page')),
    // Before '/admin/estimates/:id', which "new" would match too.
    '/admin/estimates/new': lazyScreen(() => import('../../features/estimates/components/estimate-builder-page')),
    '/admin/estimates/:id': lazyScreen(() => import('../../features/estimates/components/estimate-page')),
    '/admin/estimates/:id/edit': lazyScreen(() => import('../../features/estimates/components/estimate-builder-page')),
    '/admin/agreements/:id': lazyScreen(() => import('../../features/agreements/components/agreement-page')),
    '/admin/customers': lazyScreen(() => import('../../features/customers/components/customers-page')),
    '/admin/customers/:id': lazyScreen(() => import('../../features/customers/components/customer-page')),
    '/admin/properties/:id': lazyScreen(() => import('../../features/properties/components/property-page')),
    '/admin/schedule': lazyScreen(() => import('../../features/schedule/components/schedule-page')),
    '/admin/visits/:id': lazyScreen(() => import('../../features/schedule/components/visit-page')),
    '/admin/crew': lazyScreen(() => import('../../features/staff/components/crew-members-page')),
    '/admin/invoices': lazyScreen(() => import('../../features/invoices/components/invoices-page')),
    '/admin/invoices/:id': lazyScreen(() => import('../../features/invoices/components/invoice-page')),
    '/admin/receivables': lazyScreen(() => import('../../features/billing/components/receivables-page')),
    '/admin/price-book': lazyScreen(() => import('../../features/pricing/components/price-book-page')),
    '/admin/audit': lazyScreen(() => import('../../features/audit/components/audit-log-page')),
    '/admin/account': lazyScreen(() => import('../../features/account/components/account-page')),
  },
  frame: (children) => <ConsoleLayout>{children}</ConsoleLayout>,
  notFound: NotFoundPage,
  home: { href: '/admin', label: 'the console’s overview' },
};
