import type { FastifyPluginAsync } from 'fastify';
import { isStaffRole } from '../../../shared/policy';
import { guardRouteGroup } from '../guard';

/**
 * The crew page's API (a phone in a parking lot): the company's people, and each
 * crew member only their own assigned work (the policy table's "assigned to them").
 * Its routes (./visits.ts) are handed in by app.ts, so a test can mount the guard over a probe
 * of its own; every one of them names its permission or the server does not start.
 */
const crewRoutes: FastifyPluginAsync<{ routes?: FastifyPluginAsync[] }> = async (app, options) => {
  guardRouteGroup(app, { name: 'crew', admits: isStaffRole, refusal: 'This is for our crews' });
  for (const routes of options.routes ?? []) await app.register(routes);
};

export default crewRoutes;
