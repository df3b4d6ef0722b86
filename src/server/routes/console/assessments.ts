import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { assessmentInputSchema, assessmentPhotoSchema, assessmentSchema } from '../../../shared/api/assessments';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { assessmentPhotosOfCustomer, assessmentsOfRequest, scheduleAssessment } from '../../modules/assessments';

const tags = ['estimates'];

/**
 * A prospect's free property visit (issue 24): put on the schedule from the quote request before any
 * customer exists, done on the crew's phone like any visit, and its photos offered to the estimate.
 */
const assessments: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/quote-requests/:id/assessments',
    {
      config: { permission: { action: 'create', resource: 'assessment' } },
      schema: {
        tags,
        summary:
          'Schedule the free property visit for a quote request: a prospect (unless it has a customer), the site, and an assessment visit',
        params: idParamsSchema,
        body: assessmentInputSchema,
        response: {
          201: z.object({ customerId: z.string(), propertyId: z.string(), visitId: z.string() }),
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const made = await scheduleAssessment(app.db, request.params.id, request.body, request.user.id);
      return reply.code(201).send(made);
    },
  );

  app.get(
    '/api/admin/quote-requests/:id/assessments',
    {
      config: { permission: { action: 'list', resource: 'assessment' } },
      schema: {
        tags,
        summary: 'A quote request’s property visits, newest first, with their crews, notes and photo counts',
        params: idParamsSchema,
        response: { 200: z.array(assessmentSchema), 404: errorBodySchema },
      },
    },
    async (request) => assessmentsOfRequest(app.db, request.params.id),
  );

  app.get(
    '/api/admin/customers/:id/assessment-photos',
    {
      config: { permission: { action: 'list', resource: 'assessment' } },
      schema: {
        tags,
        summary: 'The photos from a customer’s or prospect’s property visits, which an estimate may show',
        params: idParamsSchema,
        response: { 200: z.array(assessmentPhotoSchema) },
      },
    },
    async (request) => assessmentPhotosOfCustomer(app.db, request.params.id),
  );
};

export default assessments;
