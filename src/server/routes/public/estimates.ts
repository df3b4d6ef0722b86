import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema } from '../../../shared/api/common';
import {
  estimateAcceptSchema,
  estimateChangesSchema,
  estimateDeclineSchema,
  estimateTokenParamsSchema,
  publicEstimateSchema,
} from '../../../shared/api/estimates';
// TODO(lead): import from '../../modules/estimates' once its index.ts exports these (i24-estimates owns it).
// eslint-disable-next-line no-restricted-imports
import { acceptEstimateByToken, answerEstimate, viewEstimate } from '../../modules/estimates/estimate-responses';

const HOUR_MS = 60 * 60 * 1000;
const tags = ['estimates'];

/** `?version=N`: a later sent version of the same estimate, which the link also opens. */
const versionQuerySchema = z.object({
  version: z.optional(z.string({ error: 'Not found' }).check(z.regex(/^[1-9]\d{0,3}$/, 'Not found'))),
});
const versionOf = (request: FastifyRequest<{ Querystring: z.output<typeof versionQuerySchema> }>) =>
  request.query.version === undefined ? undefined : Number(request.query.version);

/** The evidence of who answered: the client's IP and browser. */
const responder = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * The prospect's estimate page's API, at /estimates/<token> with no account (issue 24): the
 * estimate's data, and accepting it, asking for changes or declining. A token that is unknown,
 * malformed or tampered with is "not found", like any other; every route is limited per IP like
 * the sign-in link's token routes, so tokens cannot be guessed.
 */
const estimates: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.config.signInRateLimit.perIp * 2, timeWindow: HOUR_MS };
  const gone = { 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema };

  app.get(
    '/api/estimates/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'An estimate for the prospect: its properties, lines, terms and status (the first view marks it viewed)',
        params: estimateTokenParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: publicEstimateSchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return viewEstimate(app.db, request.params.token, versionOf(request));
    },
  );

  app.post(
    '/api/estimates/:token/accept',
    {
      config: { rateLimit, invalidMessage: 'Please correct the highlighted fields' },
      schema: {
        tags,
        summary: 'Accept the estimate: the options and term chosen, PO numbers, the signer’s name and title; once only',
        params: estimateTokenParamsSchema,
        querystring: versionQuerySchema,
        body: estimateAcceptSchema,
        response: { 200: publicEstimateSchema, 400: errorBodySchema, ...gone },
      },
    },
    async (request) =>
      acceptEstimateByToken(app.db, app.mail, {
        token: request.params.token,
        version: versionOf(request),
        input: request.body,
        horizonWeeks: app.config.visitHorizonWeeks,
        ...responder(request),
      }),
  );

  app.post(
    '/api/estimates/:token/request-changes',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Ask for changes to the estimate, in a message staff receive at once',
        params: estimateTokenParamsSchema,
        querystring: versionQuerySchema,
        body: estimateChangesSchema,
        response: { 200: publicEstimateSchema, 400: errorBodySchema, ...gone },
      },
    },
    async (request) =>
      answerEstimate(app.db, app.mail, {
        token: request.params.token,
        version: versionOf(request),
        answer: { kind: 'changes', message: request.body.message },
        ...responder(request),
      }),
  );

  app.post(
    '/api/estimates/:token/decline',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Decline the estimate, with an optional reason staff receive at once',
        params: estimateTokenParamsSchema,
        querystring: versionQuerySchema,
        body: estimateDeclineSchema,
        response: { 200: publicEstimateSchema, 400: errorBodySchema, ...gone },
      },
    },
    async (request) =>
      answerEstimate(app.db, app.mail, {
        token: request.params.token,
        version: versionOf(request),
        answer: { kind: 'decline', reason: request.body.reason ?? null },
        ...responder(request),
      }),
  );
};

export default estimates;
