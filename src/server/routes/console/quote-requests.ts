import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { idParamsSchema } from '../../../shared/api/common';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  TOTAL_COUNT_CAPPED_HEADER,
  inboxStatsSchema,
  quoteRequestFiltersSchema,
  quoteRequestListQuerySchema,
  quoteRequestNoteInputSchema,
  quoteRequestNoteSchema,
  quoteRequestSchema,
  quoteRequestStatusUpdateSchema,
} from '../../../shared/api/quote-requests';
import {
  addNote,
  changeStatus,
  exportQuoteRequestsCsv,
  getQuoteRequest,
  inboxStats,
  listQuoteRequests,
  notesOf,
} from '../../modules/quote-requests';

const tags = ['quote requests'];

/** The staff inbox: quote requests, their statuses and notes, the CSV export and the overview's figures. */
const quoteRequests: FastifyPluginAsyncZod = async (app) => {
  const rules = { callbackPromiseHours: app.config.callbackPromiseHours };

  /** Urgent new requests first, then newest first, one page; the total and the next page's cursor come in headers (the body stays SPEC §7's array). */
  app.get(
    '/api/contact',
    {
      config: { permission: { action: 'list', resource: 'quoteRequest' } },
      schema: {
        tags,
        summary: 'Quote requests: urgent new ones first, then newest first',
        querystring: quoteRequestListQuerySchema,
        response: { 200: z.array(quoteRequestSchema) },
      },
    },
    async (request, reply) => {
      const page = await listQuoteRequests(app.db, request.query, rules);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      if (page.capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      reply.header('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, ${TOTAL_COUNT_CAPPED_HEADER}, ${NEXT_CURSOR_HEADER}`);
      return page.rows;
    },
  );

  app.get(
    '/api/contact/export.csv',
    {
      config: { permission: { action: 'export', resource: 'quoteRequest' } },
      schema: {
        tags,
        summary: 'The filtered quote requests as CSV',
        querystring: quoteRequestFiltersSchema,
        response: { 200: { description: 'A CSV file', content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const { fileName, lines } = exportQuoteRequestsCsv(app.db, request.query, rules);
      return (
        reply
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .type('text/csv; charset=utf-8')
          // A stream: Fastify pipes it as is (the contract documents the text it carries).
          .send(Readable.from(lines) as unknown as string)
      );
    },
  );

  app.get(
    '/api/admin/stats',
    {
      config: { permission: { action: 'read', resource: 'inboxStats' } },
      schema: {
        tags,
        summary: 'Requests per week for 12 weeks by status, and the new, urgent and overdue ones',
        response: { 200: inboxStatsSchema },
      },
    },
    async () => inboxStats(app.db, rules),
  );

  app.get(
    '/api/contact/:id',
    {
      config: { permission: { action: 'read', resource: 'quoteRequest' } },
      schema: { tags, summary: 'One quote request', params: idParamsSchema, response: { 200: quoteRequestSchema } },
    },
    async (request) => getQuoteRequest(app.db, request.params.id),
  );

  app.patch(
    '/api/contact/:id',
    {
      config: { permission: { action: 'update', resource: 'quoteRequest' } },
      schema: {
        tags,
        summary: 'Change a quote request’s status',
        params: idParamsSchema,
        body: quoteRequestStatusUpdateSchema,
        response: { 200: quoteRequestSchema },
      },
    },
    async (request) => changeStatus(app.db, request.params.id, request.body.status),
  );

  app.get(
    '/api/contact/:id/notes',
    {
      config: { permission: { action: 'list', resource: 'quoteRequestNote' } },
      schema: {
        tags,
        summary: 'A quote request’s notes, oldest first',
        params: idParamsSchema,
        response: { 200: z.array(quoteRequestNoteSchema) },
      },
    },
    async (request) => notesOf(app.db, request.params.id),
  );

  app.post(
    '/api/contact/:id/notes',
    {
      config: { permission: { action: 'create', resource: 'quoteRequestNote' } },
      schema: {
        tags,
        summary: 'Add a note',
        params: idParamsSchema,
        body: quoteRequestNoteInputSchema,
        response: { 201: quoteRequestNoteSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await addNote(app.db, request.params.id, request.user, request.body.body)),
  );
};

export default quoteRequests;
