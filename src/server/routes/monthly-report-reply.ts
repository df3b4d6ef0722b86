import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '../../shared/api/common';
import { reportMonthParamsSchema, reportMonthsSchema, reportParamsSchema, reportResponses } from '../../shared/api/reports';
import { can } from '../../shared/policy';
import { NotFoundError } from '../errors';
import {
  checkReportMonth,
  configureReportRendering,
  firstReportMonth,
  monthlyReportPdf,
  reportOwner,
  type ReportScope,
  startUserReport,
} from '../modules/reports';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Resource = 'serviceReport' | 'ownServiceReport';

/**
 * Answers a monthly service report request, for the portal's and the console's routes alike:
 * a wrong month is a 400 before anything is read; a property or customer the caller may not
 * see is "not found", exactly like one that does not exist; otherwise the PDF streams as an
 * attachment that no cache keeps.
 */
async function sendMonthlyReport(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  resource: Resource,
  scope: ReportScope,
  month: string,
) {
  checkReportMonth(month);
  const { customerId } = await reportOwner(app.db, scope);
  if (!can(request.user, 'read', resource, { customerId })) throw new NotFoundError();
  const end = startUserReport(request.user.id);
  let pdf: Readable, fileName: string;
  try {
    ({ fileName, pdf } = await monthlyReportPdf(app.db, app.photoStorage, scope, month));
  } catch (error) {
    end();
    throw error;
  }
  // The user's report is in progress until the download ends, completed or dropped.
  pdf.once('close', end);
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .type('application/pdf')
    .send(pdf);
}

const MONTH_HINT = 'PDF; month as YYYY-MM, the current month to date or a past one';

/** `url/:id/reports/:month.pdf`: the report of the property or customer with that id. */
export function reportOfRecordRoute(app: App, options: { url: string; tags: string[]; summary: string; of: 'property' | 'customer' }) {
  configureReportRendering(app.config.reportRendering);
  app.get(
    options.url,
    {
      // A report of a customer's visits and people: recorded in the audit log as an export.
      config: { permission: { action: 'read', resource: 'serviceReport' }, audit: 'export' },
      schema: { tags: options.tags, summary: `${options.summary} (${MONTH_HINT})`, params: reportParamsSchema, response: reportResponses },
    },
    async (request, reply) => {
      const { id, month } = request.params;
      const scope = options.of === 'property' ? { propertyId: id } : { customerId: id };
      return sendMonthlyReport(app, request, reply, 'serviceReport', scope, month);
    },
  );
  app.get(
    options.url.replace(':month.pdf', 'months'),
    {
      config: { permission: { action: 'read', resource: 'serviceReport' } },
      schema: {
        tags: options.tags,
        summary: `The months ${options.summary.charAt(0).toLowerCase()}${options.summary.slice(1)} may cover: from the customer’s first`,
        params: idParamsSchema,
        response: { 200: reportMonthsSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { customerId } = await reportOwner(app.db, options.of === 'property' ? { propertyId: id } : { customerId: id });
      if (!can(request.user, 'read', 'serviceReport', { customerId })) throw new NotFoundError();
      return { from: await firstReportMonth(app.db, customerId) };
    },
  );
}

/** `url/:month.pdf`: the signed-in customer's own report across all their properties. */
export function ownReportRoute(app: App, options: { url: string; tags: string[]; summary: string }) {
  configureReportRendering(app.config.reportRendering);
  app.get(
    options.url,
    {
      config: { permission: { action: 'read', resource: 'ownServiceReport' } },
      schema: {
        tags: options.tags,
        summary: `${options.summary} (${MONTH_HINT})`,
        params: reportMonthParamsSchema,
        response: reportResponses,
      },
    },
    async (request, reply) => {
      if (!request.user.customerId) throw new NotFoundError();
      return sendMonthlyReport(app, request, reply, 'ownServiceReport', { customerId: request.user.customerId }, request.params.month);
    },
  );
  app.get(
    options.url.replace(':month.pdf', 'months'),
    {
      config: { permission: { action: 'read', resource: 'ownServiceReport' } },
      schema: {
        tags: options.tags,
        summary: 'The months the signed-in customer’s reports may cover: from their first',
        response: { 200: reportMonthsSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      if (!request.user.customerId) throw new NotFoundError();
      return { from: await firstReportMonth(app.db, request.user.customerId) };
    },
  );
}
