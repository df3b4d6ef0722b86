import { lazy } from 'react';
import { mountEntry } from '../app/router';
import { ConsoleLayout } from '../components/layout/console-layout';
import '../styles.css';

/** The staff console (console.html): every screen inside one frame, which checks the role once. */
mountEntry<'console'>(
  {
    '/admin': lazy(() => import('../features/quote-requests/components/overview-page')),
    '/admin/submissions': lazy(() => import('../features/quote-requests/components/quote-requests-page')),
    '/admin/customers': lazy(() => import('../features/customers/components/customers-page')),
    '/admin/customers/:id': lazy(() => import('../features/customers/components/customer-page')),
    '/admin/properties/:id': lazy(() => import('../features/plans/components/property-page')),
    '/admin/schedule': lazy(() => import('../features/schedule/components/schedule-page')),
    '/admin/visits/:id': lazy(() => import('../features/schedule/components/visit-page')),
    '/admin/crew': lazy(() => import('../features/schedule/components/crew-page')),
    '/admin/audit': lazy(() => import('../features/audit/components/audit-log-page')),
    '/admin/account': lazy(() => import('../features/account/components/account-page')),
  },
  (screens) => <ConsoleLayout>{screens}</ConsoleLayout>,
);
