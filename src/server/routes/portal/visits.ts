import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { portalVisitSchema, visitHistoryQuerySchema, visitHistorySchema } from '../../../shared/api/visit-history';
import { can } from '../../../shared/policy';
import { NotFoundError } from '../../errors';
import { portalVisit, visitHistory } from '../../modules/visits';
import { propertyOwner } from '../../modules/properties';

const tags = ['portal'];

/**
 * Proof of service in the portal: a property's next visit and its visit history, and each
 * visit on its own URL. Another customer's property or visit is "not found", like one that
 * does not exist.
 */
const visits: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties/:id/visits',
    {
      config: { permission: { action: 'list', resource: 'visitRecord' } },
      schema: {
        tags,
        summary: 'A property’s next visit and its visit history, newest first, a page at a time, optionally for one month',
        params: idParamsSchema,
        querystring: visitHistoryQuerySchema,
        response: { 200: visitHistorySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const owner = await propertyOwner(app.db, request.params.id);
      if (!can(request.user, 'list', 'visitRecord', owner)) throw new NotFoundError();
      reply.header('Cache-Control', 'private, no-cache');
      return visitHistory(app.db, request.params.id, request.query);
    },
  );

  app.get(
    '/api/visits/:id',
    {
      config: { permission: { action: 'read', resource: 'visitRecord' } },
      schema: {
        tags,
        summary: 'One visit of a property’s history: times, crew, checklist, photos and site issues',
        params: idParamsSchema,
        response: { 200: portalVisitSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const found = await portalVisit(app.db, request.params.id);
      if (!can(request.user, 'read', 'visitRecord', found)) throw new NotFoundError();
      reply.header('Cache-Control', 'private, no-cache');
      return found.visit;
    },
  );
};

export default visits;
