import { localToday } from '../../../src/shared/local-dates';
import { reportMonthOf } from '../../../src/shared/report-months';
import { idOf, type MakeExample } from '../access-examples';

const month = () => reportMonthOf(localToday());

/** The access matrix's examples for the monthly service report (see tests/support/access-examples.ts). */
export const REPORT_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/properties/:id/reports/:month.pdf': (t) => ({ url: `/api/properties/${idOf(t.fixture).propertyId}/reports/${month()}.pdf` }),
  'GET /api/customer/reports/:month.pdf': () => ({ url: `/api/customer/reports/${month()}.pdf` }),
  'GET /api/admin/properties/:id/reports/:month.pdf': (t) => ({
    url: `/api/admin/properties/${idOf(t.fixture).propertyId}/reports/${month()}.pdf`,
  }),
  'GET /api/admin/customers/:id/reports/:month.pdf': (t) => ({ url: `/api/admin/customers/${idOf(t.fixture).id}/reports/${month()}.pdf` }),
  'GET /api/properties/:id/reports/months': (t) => ({ url: `/api/properties/${idOf(t.fixture).propertyId}/reports/months` }),
  'GET /api/customer/reports/months': () => ({ url: '/api/customer/reports/months' }),
  'GET /api/admin/properties/:id/reports/months': (t) => ({ url: `/api/admin/properties/${idOf(t.fixture).propertyId}/reports/months` }),
  'GET /api/admin/customers/:id/reports/months': (t) => ({ url: `/api/admin/customers/${idOf(t.fixture).id}/reports/months` }),
};
