import type { FastifyPluginAsync } from 'fastify';
import { mayUseConsole } from '../../../shared/policy';
import { guardRouteGroup } from '../guard';
import agreements from './agreements';
import apiDocs from './api-docs';
import assessments from './assessments';
import audit from './audit';
import crewMembers from './crew-members';
import customers from './customers';
import estimates from './estimates';
import invoices from './invoices';
import payments from './payments';
import plans from './plans';
import pricing from './pricing';
import properties from './properties';
import quoteRequests from './quote-requests';
import reports from './reports';
import serviceRequests from './service-requests';
import staff from './staff';
import visits from './visits';

/** The staff console's API: owners and office staff; what each role may do is the policy table's. */
const consoleRoutes: FastifyPluginAsync = async (app) => {
  guardRouteGroup(app, { name: 'console', admits: mayUseConsole, refusal: 'This is for staff only' });
  await app.register(quoteRequests);
  await app.register(customers);
  await app.register(properties);
  await app.register(plans);
  await app.register(crewMembers);
  await app.register(visits);
  await app.register(reports);
  await app.register(serviceRequests);
  await app.register(estimates);
  await app.register(assessments);
  await app.register(agreements);
  await app.register(pricing);
  await app.register(invoices);
  await app.register(payments);
  await app.register(staff);
  await app.register(audit);
  await app.register(apiDocs);
};

export default consoleRoutes;
