import type { AppPath } from '../../../shared/routes';

/** The dashboard's views, each with its own URL (in the route table), so Back, Forward and reload keep the view. */
export type DashboardView = { tab: 'properties'; propertyId: string | null } | { tab: 'account' };

const HOME: AppPath = '/customer-dashboard';
const ACCOUNT: AppPath = '/customer-dashboard/account';
const PROPERTY = /^\/customer-dashboard\/properties\/([^/]+)\/?$/;

export const dashboardPaths = {
  home: HOME,
  account: ACCOUNT,
  property: (id: string) => `/customer-dashboard/properties/${encodeURIComponent(id)}`,
};

/** The view a path shows. Only the route table's paths reach the dashboard. */
export function dashboardView(pathname: string): DashboardView {
  if (pathname.replace(/\/$/, '') === ACCOUNT) return { tab: 'account' };
  const property = PROPERTY.exec(pathname);
  if (!property) return { tab: 'properties', propertyId: null };
  try {
    return { tab: 'properties', propertyId: decodeURIComponent(property[1]!) };
  } catch {
    // A malformed escape cannot name a property: show "not found" for it.
    return { tab: 'properties', propertyId: property[1]! };
  }
}
