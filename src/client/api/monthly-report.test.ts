import { describe, expect, it } from 'vitest';
import { monthlyReportUrl, reportMonths, reportMonthsUrl } from './monthly-report';

describe('the monthly report’s downloads', () => {
  it('offers this month to date, then the months before it, newest first, across a new year', () => {
    expect(reportMonths(3, '2026-02-10')).toEqual([
      { value: '2026-02', label: 'February 2026 (to date)' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
  });

  it('starts the menu at the customer’s first month, and always offers the current one', () => {
    expect(reportMonths(24, '2026-02-10', '2025-12').map((month) => month.value)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(reportMonths(24, '2026-02-10', '2026-02')).toEqual([{ value: '2026-02', label: 'February 2026 (to date)' }]);
    expect(reportMonths(24, '2026-02-10', '2026-05').map((month) => month.value)).toEqual(['2026-02']);
    expect(reportMonths(3, '2026-02-10', '1990-01')).toHaveLength(3);
  });

  it('builds each download’s URL', () => {
    expect(monthlyReportUrl({ propertyId: 'p1' }, '2026-10')).toBe('/api/properties/p1/reports/2026-10.pdf');
    expect(monthlyReportUrl({ propertyId: 'p1', console: true }, '2026-10')).toBe('/api/admin/properties/p1/reports/2026-10.pdf');
    expect(monthlyReportUrl({ customerId: 'c1' }, '2026-10')).toBe('/api/admin/customers/c1/reports/2026-10.pdf');
    expect(monthlyReportUrl('mine', '2026-10')).toBe('/api/customer/reports/2026-10.pdf');
    expect(reportMonthsUrl('mine')).toBe('/api/customer/reports/months');
    expect(reportMonthsUrl({ customerId: 'c1' })).toBe('/api/admin/customers/c1/reports/months');
    expect(reportMonthsUrl({ propertyId: 'p1', console: true })).toBe('/api/admin/properties/p1/reports/months');
  });
});
