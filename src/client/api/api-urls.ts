/**
 * The URLs of the API reads that several features make, as plain functions with no client
 * library behind them: the hooks read them, and so does the server's table of first screens
 * (each screen's `first-reads.ts`, decision 010), which must not load React to know a URL.
 */

import type { AgreementListQuery } from '../../shared/api/agreements';

export { AUTH_USER_URL } from '../../shared/first-screen';

/** GET /api/properties/{id}/photos, newest first. */
export const propertyPhotosUrl = (propertyId: string) => `/api/properties/${propertyId}/photos`;

/** GET /api/admin/agreements: service agreements, of one customer, or accepted within the last days (the overview's new ones). */
export function agreementsUrl(filter: AgreementListQuery = {}): string {
  const query = new URLSearchParams();
  if (filter.customerId) query.set('customerId', filter.customerId);
  if (filter.status) query.set('status', filter.status);
  if (filter.acceptedWithinDays) query.set('acceptedWithinDays', String(filter.acceptedWithinDays));
  return query.size ? `/api/admin/agreements?${query}` : '/api/admin/agreements';
}
