import type { AppPath } from '../../../shared/routes';

/** The dashboard's views, each with its own URL (in the route table), so Back, Forward and reload keep the view. */
export type DashboardView = { tab: 'properties'; propertyId: string | null; visitId?: string } | { tab: 'account' };

const HOME: AppPath = '/customer-dashboard';
const ACCOUNT: AppPath = '/customer-dashboard/account';
const PROPERTY = /^\/customer-dashboard\/properties\/([^/]+)(?:\/visits\/([^/]+))?\/?$/;

export const dashboardPaths = {
  home: HOME,
  account: ACCOUNT,
  property: (id: string) => `/customer-dashboard/properties/${encodeURIComponent(id)}`,
  visit: (propertyId: string, visitId: string) =>
    `/customer-dashboard/properties/${encodeURIComponent(propertyId)}/visits/${encodeURIComponent(visitId)}`,
};

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    // A malformed escape cannot name a record: show "not found" for it.
    return part;
  }
}

/** The view a path shows. Only the route table's paths reach the dashboard. */
export function dashboardView(pathname: string): DashboardView {
  if (pathname.replace(/\/$/, '') === ACCOUNT) return { tab: 'account' };
  const property = PROPERTY.exec(pathname);
  if (!property) return { tab: 'properties', propertyId: null };
  const propertyId = decoded(property[1]!);
  return property[2] ? { tab: 'properties', propertyId, visitId: decoded(property[2]) } : { tab: 'properties', propertyId };
}
