import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownReportRoute, reportOfRecordRoute } from '../monthly-report-reply';

const tags = ['portal'];

/** The monthly service report, for a customer's users: one property's, or all their properties' (decision 007). */
const reports: FastifyPluginAsyncZod = async (app) => {
  reportOfRecordRoute(app, {
    url: '/api/properties/:id/reports/:month.pdf',
    tags,
    summary: 'A property’s monthly service report',
    of: 'property',
  });
  ownReportRoute(app, {
    url: '/api/customer/reports/:month.pdf',
    tags,
    summary: 'The signed-in customer’s monthly service report across all their properties',
  });
};

export default reports;
