import type { FastifyPluginAsync } from 'fastify';
import { ROLES } from '../../../shared/policy';
import { guardRouteGroup } from '../guard';
import account from './account';
import agreements from './agreements';
import estimates from './estimates';
import invoices from './invoices';
import passkeys from './passkeys';
import properties from './properties';
import reportEmails from './report-emails';
import reports from './reports';
import serviceRequests from './service-requests';
import sessions from './sessions';
import statement from './statement';
import visits from './visits';

/**
 * The customer portal's API: anyone signed in (staff see it too, as the policy allows);
 * what each may see is the policy table's "their own customer".
 */
const portalRoutes: FastifyPluginAsync = async (app) => {
  guardRouteGroup(app, { name: 'portal', admits: (role) => ROLES.includes(role), refusal: 'Please sign in' });
  await app.register(account);
  await app.register(properties);
  await app.register(visits);
  await app.register(reportEmails);
  await app.register(reports);
  await app.register(serviceRequests);
  await app.register(agreements);
  await app.register(estimates);
  await app.register(invoices);
  await app.register(statement);
  await app.register(sessions);
  await app.register(passkeys);
};

export default portalRoutes;
