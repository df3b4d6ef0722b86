import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import {
  serviceRequestListQuerySchema,
  serviceRequestSchema,
  serviceRequestStatusUpdateSchema,
  serviceRequestVisitSchema,
} from '../../../shared/api/service-requests';
import { changeServiceRequestStatus, listServiceRequests, scheduleServiceRequestVisit } from '../../modules/service-requests';

const tags = ['service requests'];

/** The inbox's customer requests (beside quote requests): the list, a status change, and "Turn into a visit". */
const serviceRequests: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/service-requests',
    {
      config: { permission: { action: 'list', resource: 'serviceRequest' } },
      schema: {
        tags,
        summary: 'Customers’ requests from the portal, newest first (the latest 200), of one status or all',
        querystring: serviceRequestListQuerySchema,
        response: { 200: z.array(serviceRequestSchema) },
      },
    },
    async (request) => listServiceRequests(app.db, request.query),
  );

  app.patch(
    '/api/admin/service-requests/:id',
    {
      config: { permission: { action: 'update', resource: 'serviceRequest' } },
      schema: {
        tags,
        summary:
          'Change a request’s status, with a reply to the customer (required when declined); scheduled puts it on that day’s visit, made if none; the customer is e-mailed',
        params: idParamsSchema,
        body: serviceRequestStatusUpdateSchema,
        response: { 200: serviceRequestSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => changeServiceRequestStatus(app.db, app.mail, request.params.id, request.body, request.user.id),
  );

  app.post(
    '/api/admin/service-requests/:id/visit',
    {
      config: { permission: { action: 'update', resource: 'serviceRequest' } },
      schema: {
        tags,
        summary: 'Turn a request into a one-off visit on a date, with its crew; the request is then scheduled',
        params: idParamsSchema,
        body: serviceRequestVisitSchema,
        response: { 200: serviceRequestSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => scheduleServiceRequestVisit(app.db, app.mail, request.params.id, request.body, request.user.id),
  );
};

export default serviceRequests;
