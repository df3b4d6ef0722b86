/**
 * The one route table: every page path the server answers with 200, and the audience
 * entry that serves it. Each entry has its own HTML shell (`<entry>.html`) and bundle,
 * so a customer never downloads the console's code and the reverse. `/` is the
 * prerendered landing page and is not in the table; any other path is a 404.
 *
 * Within one entry, links are wouter `<Link>`s (no reload). A link to another entry's
 * path, or to `/api/login` and `/api/logout`, stays a plain `<a>` on purpose: the
 * browser must load that entry's HTML, or let the server answer.
 */
export const ENTRIES = ['portal', 'console', 'crew', 'estimate'] as const;
export type Entry = (typeof ENTRIES)[number];
/** The entries people sign in to, one per kind of user; the estimate page is for anyone with its link. */
export type AudienceEntry = Exclude<Entry, 'estimate'>;

export const ROUTES = {
  '/customer-dashboard': 'portal',
  '/customer-dashboard/properties/:id': 'portal',
  '/customer-dashboard/properties/:id/visits/:visitId': 'portal',
  '/customer-dashboard/account': 'portal',
  '/customer-dashboard/agreements': 'portal',
  '/customer-dashboard/estimates/:id': 'portal',
  '/customer-dashboard/invoices': 'portal',
  '/customer-dashboard/invoices/:id': 'portal',
  '/login': 'portal',
  '/login/verify': 'portal',
  '/logout': 'portal',
  '/unsubscribe': 'portal',
  '/admin': 'console',
  '/admin/submissions': 'console',
  '/admin/estimates': 'console',
  '/admin/estimates/new': 'console',
  '/admin/estimates/:id': 'console',
  '/admin/estimates/:id/edit': 'console',
  '/admin/agreements/:id': 'console',
  '/admin/customers': 'console',
  '/admin/customers/:id': 'console',
  '/admin/properties/:id': 'console',
  '/admin/schedule': 'console',
  '/admin/visits/:id': 'console',
  '/admin/crew': 'console',
  '/admin/invoices': 'console',
  '/admin/invoices/:id': 'console',
  '/admin/receivables': 'console',
  '/admin/price-book': 'console',
  '/admin/audit': 'console',
  '/admin/account': 'console',
  '/crew': 'crew',
  // A prospect's estimate, by the link in its e-mail: no account, and none of the portal's or the console's code.
  '/estimates/:token': 'estimate',
} as const satisfies Record<string, Entry>;

export type AppPath = keyof typeof ROUTES;
/** The paths one entry serves: its router must map each of them to a screen. */
export type EntryPath<E extends Entry> = { [P in AppPath]: (typeof ROUTES)[P] extends E ? P : never }[AppPath];

/** Paths the entries' shells serve with 200; any other unknown path is a 404. */
export const APP_ROUTES = Object.keys(ROUTES) as AppPath[];

/** The entry whose router shows the not-found screen, served with 404 for unknown paths. */
export const NOT_FOUND_ENTRY: Entry = 'portal';

export const shellFile = (entry: Entry) => `${entry}.html`;

/** Whether a concrete path is one of a route's (`/admin/customers/:id`), with or without a trailing slash. */
export const routeMatches = (route: string, pathname: string) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`).test(pathname);

/** The entry serving a concrete path, else the not-found one: for the development server, which has no route table of its own. */
export function entryForPath(pathname: string): Entry {
  for (const [route, entry] of Object.entries(ROUTES)) {
    if (routeMatches(route, pathname)) return entry;
  }
  return NOT_FOUND_ENTRY;
}
