import type { FastifyPluginAsync } from 'fastify';
import { isStaffRole } from '../../../shared/policy';
import { guardRouteGroup } from '../guard';

/**
 * The crew page's API (a phone in a parking lot): the company's people, and each
 * crew member only their own assigned work (the policy table's "assigned to them").
 * Its routes come with scheduled visits; the guard is here so that none can be added without it.
 */
const crewRoutes: FastifyPluginAsync<{ routes?: FastifyPluginAsync[] }> = async (app, options) => {
  guardRouteGroup(app, { name: 'crew', admits: isStaffRole, refusal: 'This is for our crews' });
  for (const routes of options.routes ?? []) await app.register(routes);
};

export default crewRoutes;
