import type { AppPath } from '../../../shared/routes';

/**
 * The dashboard's views, each with its own URL (in the route table), so Back, Forward and reload
 * keep the view: the two tabs (SPEC §2), and beside them, a page of its own reached from the
 * header, the agreements and estimates (issue 24). An estimate opened in the portal is a screen of
 * its own (components/my-estimate-page.tsx).
 */
export type DashboardView = { tab: 'properties'; propertyId: string | null; visitId?: string } | { tab: 'account' } | { tab: 'agreements' };

const HOME: AppPath = '/customer-dashboard';
const ACCOUNT: AppPath = '/customer-dashboard/account';
const AGREEMENTS: AppPath = '/customer-dashboard/agreements';
const PROPERTY = /^\/customer-dashboard\/properties\/([^/]+)(?:\/visits\/([^/]+))?\/?$/;

export const dashboardPaths = {
  home: HOME,
  account: ACCOUNT,
  agreements: AGREEMENTS,
  property: (id: string) => `/customer-dashboard/properties/${encodeURIComponent(id)}`,
  visit: (propertyId: string, visitId: string) =>
    `/customer-dashboard/properties/${encodeURIComponent(propertyId)}/visits/${encodeURIComponent(visitId)}`,
  estimate: (id: string) => `/customer-dashboard/estimates/${encodeURIComponent(id)}`,
  invoices: '/customer-dashboard/invoices' satisfies AppPath,
  /** An invoice: the reminder e-mails link here (modules/billing/collections.ts). */
  invoice: (id: string) => `/customer-dashboard/invoices/${encodeURIComponent(id)}`,
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
  const property = PROPERTY.exec(pathname);
  if (!property) return { tab: 'properties', propertyId: null };
  const propertyId = decoded(property[1]!);
  return property[2] ? { tab: 'properties', propertyId, visitId: decoded(property[2]) } : { tab: 'properties', propertyId };
}
