import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { auditActorSchema, auditEventQuerySchema, auditEventSchema } from '../../../shared/api/audit';
import { auditActors, exportAuditEventsCsv, listAuditEvents } from '../../modules/audit';

const tags = ['audit log'];
const PAGE = 100;

/** The audit log for owners: read, filtered, and exported. Nothing here (or anywhere) changes it. */
const audit: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit-events',
    {
      config: { permission: { action: 'list', resource: 'auditEvent' } },
      schema: {
        tags,
        summary: 'The audit log, newest first, 100 at a time, by person, kind of action and dates (Central)',
        querystring: auditEventQuerySchema,
        response: { 200: z.object({ events: z.array(auditEventSchema), nextBefore: z.nullable(z.number()) }) },
      },
    },
    async (request) => {
      const events = await listAuditEvents(app.db, request.query, PAGE + 1);
      const page = events.slice(0, PAGE);
      return { events: page, nextBefore: events.length > PAGE ? page.at(-1)!.id : null };
    },
  );

  app.get(
    '/api/admin/audit-events/people',
    {
      config: { permission: { action: 'list', resource: 'auditEvent' } },
      schema: { tags, summary: 'The people who appear in the audit log, for its filter', response: { 200: z.array(auditActorSchema) } },
    },
    async () => auditActors(app.db),
  );

  app.get(
    '/api/admin/audit-events.csv',
    {
      config: { permission: { action: 'export', resource: 'auditEvent' } },
      schema: {
        tags,
        summary: 'The filtered audit log as CSV (this export is itself recorded)',
        querystring: auditEventQuerySchema,
        response: { 200: { description: 'A CSV file', content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const { fileName, lines } = exportAuditEventsCsv(app.db, app.config.appUrl, request.query);
      return reply
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(Readable.from(lines) as unknown as string);
    },
  );
};

export default audit;
