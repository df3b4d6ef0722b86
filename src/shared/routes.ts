/** Paths the app shell (app.html) serves with 200; any other unknown path is a 404. */
export const APP_ROUTES = [
  '/customer-dashboard',
  '/login',
  '/login/verify',
  '/admin',
  '/admin/submissions',
  '/admin/customers',
  '/admin/customers/:id',
] as const;
