import type { QuoteRequestStatus } from '../../../../shared/constants';

/** The inbox's filters; the list and the CSV export read the same query string. */
export interface QuoteRequestFilters {
  status: QuoteRequestStatus | '';
  service: string;
  q: string;
  includeSpam: boolean;
}

export function filterQuery(filters: QuoteRequestFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.service) params.set('service', filters.service);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.includeSpam) params.set('includeSpam', 'true');
  return params;
}

/** GET /api/contact/export.csv: a download, so a plain link rather than a fetch. */
export const exportCsvHref = (filters: QuoteRequestFilters) => `/api/contact/export.csv?${filterQuery(filters)}`;
