import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema } from '../../../shared/api/common';
import { estimateTokenParamsSchema, publicEstimateSchema } from '../../../shared/api/estimates';
import { estimateAcceptSchema, estimateChangesSchema, estimateDeclineSchema } from '../../../shared/api/estimate-responses';
import {
  acceptSentEstimate,
  answerEstimate,
  estimatePdf,
  estimatePhotoFileByToken,
  viewEstimate,
  type EstimateAccess,
} from '../../modules/estimates';
import { readPhotoFile } from '../../modules/photos';
import { sendPdf } from '../send-pdf';

const HOUR_MS = 60 * 60 * 1000;
const pdfAnswer = { description: 'The estimate, a PDF, as an attachment', content: { 'application/pdf': { schema: z.file() } } };
const tags = ['estimates'];

/** `?version=N`: a later sent version of the same estimate, which the link also opens. */
const versionQuerySchema = z.object({
  version: z.optional(z.string({ error: 'Not found' }).check(z.regex(/^[1-9]\d{0,3}$/, 'Not found'))),
});
type LinkRequest = FastifyRequest<{ Params: { token: string }; Querystring: z.output<typeof versionQuerySchema> }>;

/** The estimate the link opens: its token, and the later version asked for. */
const linkOf = (request: LinkRequest): EstimateAccess => ({
  by: 'link',
  token: request.params.token,
  version: request.query.version === undefined ? undefined : Number(request.query.version),
});

/** The link, and who answered from where: the client's IP and browser, the acceptance's evidence. */
const fromLink = (request: LinkRequest) => ({
  access: linkOf(request),
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

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
      return viewEstimate(app.db, linkOf(request));
    },
  );

  app.get(
    '/api/estimates/:token/pdf',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'The estimate as a PDF (the signed copy, with its acceptance page, once accepted)',
        params: estimateTokenParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: pdfAnswer, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => sendPdf(reply, await estimatePdf(app.db, app.photoStorage, app.config.appUrl, linkOf(request))),
  );

  /** The schema of an answer to the estimate (accept, request changes, decline): its body, and the page's data back. */
  const answer = <Body extends z.ZodMiniType>(summary: string, body: Body) => ({
    tags,
    summary,
    params: estimateTokenParamsSchema,
    querystring: versionQuerySchema,
    body,
    response: { 200: publicEstimateSchema, 400: errorBodySchema, ...gone },
  });

  app.post(
    '/api/estimates/:token/accept',
    {
      config: { rateLimit, audit: 'recorded', invalidMessage: 'Please correct the highlighted fields' },
      schema: answer(
        'Accept the estimate: the options and term chosen, PO numbers, the signer’s name and title; once only',
        estimateAcceptSchema,
      ),
    },
    async (request) =>
      acceptSentEstimate(app.db, app.photoStorage, app.mail, {
        ...fromLink(request),
        input: request.body,
        horizonWeeks: app.config.visitHorizonWeeks,
      }),
  );

  app.post(
    '/api/estimates/:token/request-changes',
    {
      config: { rateLimit, audit: 'recorded' },
      schema: answer('Ask for changes to the estimate, in a message staff receive at once', estimateChangesSchema),
    },
    async (request) =>
      answerEstimate(app.db, app.mail, { ...fromLink(request), answer: { kind: 'changes', message: request.body.message } }),
  );

  app.post(
    '/api/estimates/:token/decline',
    {
      config: { rateLimit, audit: 'recorded' },
      schema: answer('Decline the estimate, with an optional reason staff receive at once', estimateDeclineSchema),
    },
    async (request) =>
      answerEstimate(app.db, app.mail, { ...fromLink(request), answer: { kind: 'decline', reason: request.body.reason ?? null } }),
  );

  /**
   * The photos from the property visit that the estimate shows. A page loads a dozen at a time, so
   * the limit is wider; a guess needs a photo's random id as well as the token, and learns nothing
   * (every miss is the same 404).
   */
  app.get(
    '/api/estimates/:token/photos/:photoId/:file',
    {
      config: { rateLimit: { ...rateLimit, max: rateLimit.max * 20 } },
      schema: {
        tags,
        summary: 'A photo the estimate shows (WebP, one of its widths)',
        params: z.extend(estimateTokenParamsSchema, { photoId: z.uuid(), file: z.string().check(z.regex(/^\d{2,4}\.webp$/)) }),
        response: {
          200: { description: 'The image', content: { 'image/webp': { schema: z.file() } } },
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { token, photoId, file } = request.params;
      const key = await estimatePhotoFileByToken(app.db, token, photoId, Number.parseInt(file, 10));
      const data = await readPhotoFile(app.photoStorage, key);
      // The bytes themselves: Fastify sends a Buffer as is (the contract's z.file() documents it as binary).
      return reply
        .header('Cache-Control', 'private, no-store')
        .type('image/webp')
        .send(data as unknown as File);
    },
  );
};

export default estimates;
