import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { portalEstimateSummarySchema, publicEstimateSchema } from '../../../shared/api/estimates';
import { estimateAcceptSchema, estimateChangesSchema, estimateDeclineSchema } from '../../../shared/api/estimate-responses';
import { can, type Action } from '../../../shared/policy';
import { NotFoundError } from '../../errors';
import {
  acceptSentEstimate,
  answerEstimate,
  estimateOwner,
  estimatePdf,
  openEstimatesOfCustomer,
  viewEstimate,
  type EstimateAccess,
} from '../../modules/estimates';
import { sendPdf } from '../send-pdf';

const tags = ['portal'];
const pdfAnswer = { description: 'The estimate, a PDF, as an attachment', content: { 'application/pdf': { schema: z.file() } } };

/**
 * A customer's estimates in the portal (issue 24): an estimate written for an existing customer (an
 * added property or service) is listed while it waits for an answer, and opens and is answered here
 * exactly as its link would (the same module functions, the same exactly-once acceptance with its
 * evidence). Another customer's estimate, a draft or an unknown id is "not found".
 */
const estimates: FastifyPluginAsyncZod = async (app) => {
  /** The estimate the route names, once the policy allows the signed-in user this action on it; 404 otherwise. */
  const portalAccess = async (request: FastifyRequest<{ Params: { id: string } }>, action: Action): Promise<EstimateAccess> => {
    const owner = await estimateOwner(app.db, request.params.id);
    if (!owner.customerId || !can(request.user, action, 'ownEstimate', owner)) throw new NotFoundError();
    return { by: 'portal', customerId: owner.customerId, estimateId: request.params.id };
  };
  /** Who answered from where: the signed-in user, the browser's IP and user agent (an acceptance's evidence, and the audit log's actor). */
  const responder = (request: FastifyRequest) => ({
    user: { id: request.user.id, role: request.user.role },
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  app.get(
    '/api/portal/estimates',
    {
      config: { permission: { action: 'list', resource: 'ownEstimate' } },
      schema: {
        tags,
        summary:
          'The signed-in customer’s estimates waiting for an answer (sent, viewed or changes requested; not expired or replaced), newest first',
        response: { 200: z.array(portalEstimateSummarySchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      const { customerId } = request.user;
      return customerId && can(request.user, 'list', 'ownEstimate', { customerId }) ? openEstimatesOfCustomer(app.db, customerId) : [];
    },
  );

  app.get(
    '/api/portal/estimates/:id',
    {
      config: { permission: { action: 'read', resource: 'ownEstimate' } },
      schema: {
        tags,
        summary: 'One of the customer’s estimates, as its link shows it (the first view marks it viewed)',
        params: idParamsSchema,
        response: { 200: publicEstimateSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return viewEstimate(app.db, await portalAccess(request, 'read'));
    },
  );

  app.get(
    '/api/portal/estimates/:id/pdf',
    {
      // Once accepted it is the signed copy, with the signer's name, title, IP and browser: an export.
      config: { permission: { action: 'read', resource: 'ownEstimate' }, audit: 'export' },
      schema: {
        tags,
        summary: 'The estimate as a PDF (the signed copy, with its acceptance page, once accepted)',
        params: idParamsSchema,
        response: { 200: pdfAnswer, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await estimatePdf(app.db, app.photoStorage, app.config.appUrl, await portalAccess(request, 'read'))),
  );

  /** The schema of an answer (accept, request changes, decline): its body, and the estimate as it then stands. */
  const answer = <Body extends z.ZodMiniType>(summary: string, body: Body) => ({
    tags,
    summary,
    params: idParamsSchema,
    body,
    response: { 200: publicEstimateSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema },
  });

  app.post(
    '/api/portal/estimates/:id/accept',
    {
      config: {
        permission: { action: 'update', resource: 'ownEstimate' },
        audit: 'recorded',
        invalidMessage: 'Please correct the highlighted fields',
      },
      schema: answer(
        'Accept the estimate: the options and term chosen, PO numbers, the signer’s name and title; once only, making the agreement',
        estimateAcceptSchema,
      ),
    },
    async (request) =>
      acceptSentEstimate(app.db, app.photoStorage, app.mail, {
        access: await portalAccess(request, 'update'),
        ...responder(request),
        input: request.body,
        horizonWeeks: app.config.visitHorizonWeeks,
      }),
  );

  app.post(
    '/api/portal/estimates/:id/request-changes',
    {
      config: { permission: { action: 'update', resource: 'ownEstimate' }, audit: 'recorded' },
      schema: answer('Ask for changes to the estimate, in a message staff receive at once', estimateChangesSchema),
    },
    async (request) =>
      answerEstimate(app.db, app.mail, {
        access: await portalAccess(request, 'update'),
        ...responder(request),
        answer: { kind: 'changes', message: request.body.message },
      }),
  );

  app.post(
    '/api/portal/estimates/:id/decline',
    {
      config: { permission: { action: 'update', resource: 'ownEstimate' }, audit: 'recorded' },
      schema: answer('Decline the estimate, with an optional reason staff receive at once', estimateDeclineSchema),
    },
    async (request) =>
      answerEstimate(app.db, app.mail, {
        access: await portalAccess(request, 'update'),
        ...responder(request),
        answer: { kind: 'decline', reason: request.body.reason ?? null },
      }),
  );
};

export default estimates;
