import type { EstimateAnswer } from '../../../api/estimate-answers';

/** The estimate page's API URLs, as plain functions: the hooks read them, and so does the page's first read (first-reads.ts). */

const base = (token: string) => `/api/estimates/${encodeURIComponent(token)}`;

/** GET /api/estimates/{token}[?version=N]: the estimate as its prospect sees it (a replaced version by its number). */
export const estimateUrl = (token: string, version: string | null) =>
  version ? `${base(token)}?${new URLSearchParams({ version })}` : base(token);

/** POST …/accept, …/request-changes and …/decline, of the version shown. */
export const estimateActionUrl = (token: string, version: string | null, action: EstimateAnswer) =>
  version ? `${base(token)}/${action}?${new URLSearchParams({ version })}` : `${base(token)}/${action}`;
