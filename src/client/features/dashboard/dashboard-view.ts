import type { AppPath } from '../../../shared/routes';

/**
 * The dashboard's views, each with its own URL (in the route table), so Back, Forward and reload
 * keep the view: the two tabs (SPEC §2), and beside them, as pages of their own reached from the
 * header, the agreements and estimates, and one estimate to read and answer (issue 24).
 */
export type DashboardView =
  | { tab: 'properties'; propertyId: string | null; visitId?: string }
  | { tab: 'account' }
  | { tab: 'agreements' }
  | { tab: 'estimate'; estimateId: string };

const HOME: AppPath = '/customer-dashboard';
const ACCOUNT: AppPath = '/customer-dashboard/account';
const AGREEMENTS: AppPath = '/customer-dashboard/agreements';
const PROPERTY = /^\/customer-dashboard\/properties\/([^/]+)(?:\/visits\/([^/]+))?\/?$/;
const ESTIMATE = /^\/customer-dashboard\/estimates\/([^/]+)\/?$/;

export const dashboardPaths = {
  home: HOME,
  account: ACCOUNT,
  agreements: AGREEMENTS,
  property: (id: string) => `/customer-dashboard/properties/${encodeURIComponent(id)}`,
  visit: (propertyId: string, visitId: string) =>
    `/customer-dashboard/properties/${encodeURIComponent(propertyId)}/visits/${encodeURIComponent(visitId)}`,
  estimate: (id: string) => `/customer-dashboard/estimates/${encodeURIComponent(id)}`,
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
  const path = pathname.replace(/\/$/, '');
  if (path === ACCOUNT) return { tab: 'account' };
  if (path === AGREEMENTS) return { tab: 'agreements' };
  const estimate = ESTIMATE.exec(pathname);
  if (estimate) return { tab: 'estimate', estimateId: decoded(estimate[1]!) };
  const property = PROPERTY.exec(pathname);
  if (!property) return { tab: 'properties', propertyId: null };
  const propertyId = decoded(property[1]!);
  return property[2] ? { tab: 'properties', propertyId, visitId: decoded(property[2]) } : { tab: 'properties', propertyId };
}
