import type { FastifyPluginAsync } from 'fastify';
import { mayUseConsole } from '../../../shared/policy';
import { guardRouteGroup } from '../guard';
import apiDocs from './api-docs';
import customers from './customers';
import properties from './properties';
import quoteRequests from './quote-requests';

/** The staff console's API: owners and office staff; what each role may do is the policy table's. */
const consoleRoutes: FastifyPluginAsync = async (app) => {
  guardRouteGroup(app, { name: 'console', admits: mayUseConsole, refusal: 'This is for staff only' });
  await app.register(quoteRequests);
  await app.register(customers);
  await app.register(properties);
  await app.register(apiDocs);
};

export default consoleRoutes;
