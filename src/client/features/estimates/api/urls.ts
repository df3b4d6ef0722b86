import type { EstimateStatus } from '../../../../shared/estimates';

/** The estimates API's URLs (src/shared/api/estimates.ts), as plain functions. */

const ESTIMATES_URL = '/api/admin/estimates';

/** GET: the latest version of each estimate, newest first, optionally of one status; POST: a new draft. */
export const estimatesUrl = (status?: EstimateStatus) => (status ? `${ESTIMATES_URL}?status=${status}` : ESTIMATES_URL);

/** GET one estimate; PUT replaces a draft. */
export const estimateUrl = (id: string) => `${ESTIMATES_URL}/${encodeURIComponent(id)}`;

/** The estimate as a PDF, for staff. */
export const estimatePdfUrl = (id: string) => `${estimateUrl(id)}/pdf`;
