import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportOfRecordRoute } from '../monthly-report-reply';

const tags = ['reports'];

/** The monthly service report of any property or customer, for staff (decision 007). */
const reports: FastifyPluginAsyncZod = async (app) => {
  reportOfRecordRoute(app, {
    url: '/api/admin/properties/:id/reports/:month.pdf',
    tags,
    summary: 'A property’s monthly service report',
    of: 'property',
  });
  reportOfRecordRoute(app, {
    url: '/api/admin/customers/:id/reports/:month.pdf',
    tags,
    summary: 'A customer’s monthly service report across all their properties',
    of: 'customer',
  });
};

export default reports;
