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
  },
  (screens) => <ConsoleLayout>{screens}</ConsoleLayout>,
);
