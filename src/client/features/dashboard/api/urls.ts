/** The portal's API URLs, as plain functions: the hooks read them, and so do the dashboard's first reads (first-reads.ts). */

/** GET /api/customer/properties: the signed-in customer's properties. */
export const MY_PROPERTIES_URL = '/api/customer/properties';

/** GET /api/properties/{id}/visits: the next visit and a page of the history, optionally for one month (YYYY-MM). */
export function visitHistoryUrl(propertyId: string, month: string | null, page: number) {
  const query = new URLSearchParams({ page: String(page), ...(month ? { month } : {}) });
  return `/api/properties/${encodeURIComponent(propertyId)}/visits?${query}`;
}

/** GET /api/properties/{id}/requests: the property's requests, newest first, with their status. */
export const propertyRequestsUrl = (propertyId: string) => `/api/properties/${propertyId}/requests`;
