import { STATUS_FILTER_ALL, type StatusFilter } from '../../../../shared/api/quote-requests';
import { QUOTE_REQUEST_STATUSES, SERVICE_OPTIONS } from '../../../../shared/constants';

/**
 * The inbox's filters. They live in the page's URL under the API's own names (status, service,
 * q, overdue), so a view can be bookmarked and shared, and the list and the CSV export read
 * the same query string. No status means everything but spam; `all` includes spam.
 */
export interface QuoteRequestFilters {
  status: StatusFilter | '';
  service: string;
  q: string;
  overdue: boolean;
}

export const NO_FILTERS: QuoteRequestFilters = { status: '', service: '', q: '', overdue: false };

const statuses: readonly string[] = [...QUOTE_REQUEST_STATUSES, STATUS_FILTER_ALL];
const services: readonly string[] = SERVICE_OPTIONS;

/** The filters a URL's query string holds; a value the inbox does not know (an old or mistyped link) is left out. */
export function filtersFromParams(params: URLSearchParams): QuoteRequestFilters {
  const status = params.get('status') ?? '';
  const service = params.get('service') ?? '';
  return {
    status: statuses.includes(status) ? (status as StatusFilter) : '',
    service: services.includes(service) ? service : '',
    q: params.get('q') ?? '',
    overdue: params.get('overdue') === 'true',
  };
}

export function filterQuery(filters: QuoteRequestFilters): URLSearchParams {
  const params = new URLSearchParams();
  // Untrimmed, so the search box keeps the space typed before the next word (the API trims).
  if (filters.q.trim()) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.service) params.set('service', filters.service);
  if (filters.overdue) params.set('overdue', 'true');
  return params;
}

/** Whether anything narrows the list: the default view (everything but spam) is no filter. */
export const hasFilters = (filters: QuoteRequestFilters) => filterQuery(filters).toString() !== '';

/** GET /api/contact/export.csv: a download, so a plain link rather than a fetch. */
export const exportCsvHref = (filters: QuoteRequestFilters) => {
  const query = filterQuery(filters).toString();
  return `/api/contact/export.csv${query ? `?${query}` : ''}`;
};
