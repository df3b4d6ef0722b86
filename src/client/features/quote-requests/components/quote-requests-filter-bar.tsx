import { X } from 'lucide-react';
import { STATUS_FILTER_ALL } from '../../../../shared/api/quote-requests';
import { QUOTE_REQUEST_STATUSES, SERVICE_OPTIONS } from '../../../../shared/constants';
import { FilterBar, FilterSelect } from '../../../components/filter-bar';
import { buttonClass } from '../../../components/ui/button';
import type { QuoteRequestFilters } from '../api/quote-request-filters';

/** The inbox's search box, status and service selects, the overdue box and "Clear filters". */
export function QuoteRequestsFilterBar({
  filters,
  filtered,
  searchText,
  onSearch,
  onChange,
  onClear,
}: {
  filters: QuoteRequestFilters;
  /** A filter is set in the URL (hasFilters). */
  filtered: boolean;
  searchText: string;
  onSearch: (text: string) => void;
  onChange: (next: Partial<QuoteRequestFilters>) => void;
  onClear: () => void;
}) {
  return (
    <FilterBar
      label="Filter the quote requests"
      search={searchText}
      onSearch={onSearch}
      placeholder="Name, e-mail, phone or message"
      className="mt-4"
    >
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(value) => onChange({ status: value as QuoteRequestFilters['status'] })}
        all="All except spam"
        options={QUOTE_REQUEST_STATUSES.map((status) => [status, status[0]!.toUpperCase() + status.slice(1)] as const)}
      >
        <option value={STATUS_FILTER_ALL}>All, including spam</option>
      </FilterSelect>
      <FilterSelect
        label="Service"
        value={filters.service}
        onChange={(value) => onChange({ service: value })}
        all="All services"
        options={SERVICE_OPTIONS.map((service) => [service, service] as const)}
      />
      <label className="flex h-[38px] items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
        <input
          type="checkbox"
          checked={filters.overdue}
          onChange={(event) => onChange({ overdue: event.target.checked })}
          className="size-4 accent-brand-700"
        />
        Overdue callbacks only
      </label>
      {filtered || searchText.trim() ? (
        <button type="button" onClick={onClear} className={buttonClass({ variant: 'ghost', size: 'sm', className: 'h-[38px]' })}>
          <X className="size-4" aria-hidden="true" />
          Clear filters
        </button>
      ) : null}
    </FilterBar>
  );
}
