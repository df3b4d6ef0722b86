import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import {
  estimateDraftSchema,
  estimateExtendSchema,
  estimateListQuerySchema,
  estimateSchema,
  estimateSummarySchema,
} from '../../../shared/api/estimates';
import {
  createEstimate,
  estimatePdfForStaff,
  estimatesOfQuoteRequest,
  extendEstimate,
  getEstimate,
  listEstimates,
  replaceEstimateDraft,
  reviseEstimate,
  sendEstimate,
} from '../../modules/estimates';
import { sendPdf } from '../send-pdf';

const tags = ['estimates'];
const refusals = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Estimates (issue 24): drafts written from a quote request or for a customer, sent by e-mail, revised and extended. */
const estimates: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/estimates',
    {
      config: { permission: { action: 'list', resource: 'estimate' } },
      schema: {
        tags,
        summary:
          'Estimates, the latest version of each, newest first (the latest 200), of one status as shown today (expired included) or all',
        querystring: estimateListQuerySchema,
        response: { 200: z.array(estimateSummarySchema), 400: errorBodySchema },
      },
    },
    async (request) => listEstimates(app.db, request.query),
  );

  app.post(
    '/api/admin/estimates',
    {
      config: { permission: { action: 'create', resource: 'estimate' } },
      schema: {
        tags,
        summary:
          'Write a draft estimate, from a quote request (its phone and message carried over) or for a customer (their properties may be chosen); lines take their names, units, tax classes and checklists from the price book',
        body: estimateDraftSchema,
        response: { 201: estimateSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await createEstimate(app.db, request.body, request.user.id)),
  );

  app.get(
    '/api/admin/estimates/:id',
    {
      config: { permission: { action: 'read', resource: 'estimate' } },
      schema: {
        tags,
        summary: 'An estimate with its properties and lines, its other versions, the time the quote took and any acceptance',
        params: idParamsSchema,
        response: { 200: estimateSchema, 404: errorBodySchema },
      },
    },
    async (request) => getEstimate(app.db, request.params.id),
  );

  app.put(
    '/api/admin/estimates/:id',
    {
      config: { permission: { action: 'update', resource: 'estimate' } },
      schema: {
        tags,
        summary: 'Replace a draft whole; a sent estimate is never changed in place (409: use Revise)',
        params: idParamsSchema,
        body: estimateDraftSchema,
        response: { 200: estimateSchema, ...refusals },
      },
    },
    async (request) => replaceEstimateDraft(app.db, request.params.id, request.body),
  );

  app.post(
    '/api/admin/estimates/:id/send',
    {
      config: { permission: { action: 'update', resource: 'estimate' } },
      schema: {
        tags,
        summary:
          'Send a draft: the prospect is e-mailed a private link (stored hashed), its quote request becomes quoted and the version it revises is replaced; sending again is refused (409) and sends nothing',
        params: idParamsSchema,
        response: { 200: estimateSchema, ...refusals },
      },
    },
    async (request) => {
      request.auditSummary = 'status=sent';
      return sendEstimate(app.db, app.photoStorage, app.mail, request.params.id);
    },
  );

  app.post(
    '/api/admin/estimates/:id/revise',
    {
      config: { permission: { action: 'update', resource: 'estimate' } },
      schema: {
        tags,
        summary:
          'Make the next version of a sent, viewed, changes-requested or expired estimate as a draft copying everything (201); when a draft revision exists, that draft (200)',
        params: idParamsSchema,
        response: { 200: estimateSchema, 201: estimateSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { estimate, created } = await reviseEstimate(app.db, request.params.id, request.user.id);
      request.auditSummary = `revision=${estimate.version}`;
      return reply.code(created ? 201 : 200).send(estimate);
    },
  );

  app.post(
    '/api/admin/estimates/:id/extend',
    {
      config: { permission: { action: 'update', resource: 'estimate' } },
      schema: {
        tags,
        summary: 'Give a sent, viewed, changes-requested or expired estimate a later “valid until” (never an earlier or a past day)',
        params: idParamsSchema,
        body: estimateExtendSchema,
        response: { 200: estimateSchema, ...refusals },
      },
    },
    async (request) => extendEstimate(app.db, request.params.id, request.body.validUntil),
  );

  app.get(
    '/api/admin/estimates/:id/pdf',
    {
      config: { permission: { action: 'read', resource: 'estimate' }, audit: 'export' },
      schema: {
        tags,
        summary: 'The estimate as a PDF, as the prospect sees it (a draft too); the signed copy once accepted',
        params: idParamsSchema,
        response: {
          200: { description: 'The estimate, a PDF, as an attachment', content: { 'application/pdf': { schema: z.file() } } },
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendPdf(reply, await estimatePdfForStaff(app.db, app.photoStorage, app.config.appUrl, request.params.id)),
  );

  app.get(
    '/api/admin/quote-requests/:id/estimates',
    {
      config: { permission: { action: 'list', resource: 'estimate' } },
      schema: {
        tags,
        summary: 'A quote request’s estimates, the latest version of each, newest first (for its “Write an estimate” button)',
        params: idParamsSchema,
        response: { 200: z.array(estimateSummarySchema), 404: errorBodySchema },
      },
    },
    async (request) => estimatesOfQuoteRequest(app.db, request.params.id),
  );
};

export default estimates;
