import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { invoiceSchema, invoiceSummarySchema } from '../../../shared/api/invoices';
import { can, type PolicyActor } from '../../../shared/policy';
import { NotFoundError } from '../../errors';
import { customerInvoices, invoicePdf, sentInvoice } from '../../modules/billing';
import { sendPdf } from '../send-pdf';

const tags = ['portal'];
const pdfAnswer = { description: 'The invoice, a PDF, as an attachment', content: { 'application/pdf': { schema: z.file() } } };

/**
 * A customer's invoices in the portal (issue 25): the ones sent to them, each with its lines by
 * property (every visit line leads to the visit's photos and checklist) and its PDF. Another
 * customer's invoice, a draft or an unknown id is "not found". Staff have no company of their own
 * here: their list is empty (the console shows every customer's); crews see none, as the policy says.
 */
const invoices: FastifyPluginAsyncZod = async (app) => {
  /** The sent invoice the route names, once the policy lets the signed-in user read it; 404 otherwise. */
  const readable = async (user: PolicyActor, id: string) => {
    const invoice = await sentInvoice(app.db, id);
    if (!can(user, 'read', 'invoice', { customerId: invoice.customerId })) throw new NotFoundError();
    return invoice;
  };

  app.get(
    '/api/portal/invoices',
    {
      config: { permission: { action: 'list', resource: 'invoice' } },
      schema: {
        tags,
        summary:
          'The signed-in customer’s invoices that were sent, newest first: number, period, total, amount due, due date and status (open, partly paid, paid, overdue, void)',
        response: { 200: z.array(invoiceSummarySchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      const { customerId } = request.user;
      return customerId && can(request.user, 'list', 'invoice', { customerId }) ? customerInvoices(app.db, customerId) : [];
    },
  );

  app.get(
    '/api/portal/invoices/:id',
    {
      config: { permission: { action: 'read', resource: 'invoice' } },
      schema: {
        tags,
        summary: 'One of the customer’s invoices, by property: each line with its date and price, its visit and “Verified on site”',
        params: idParamsSchema,
        response: { 200: invoiceSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      return readable(request.user, request.params.id);
    },
  );

  app.get(
    '/api/portal/invoices/:id/pdf',
    {
      // It carries the customer's billing address and what they owe: recorded in the audit log as an export.
      config: { permission: { action: 'read', resource: 'invoice' }, audit: 'export' },
      schema: {
        tags,
        summary: 'One of the customer’s invoices as a PDF, with today’s amount due',
        params: idParamsSchema,
        response: { 200: pdfAnswer, 404: errorBodySchema },
      },
    },
    async (request, reply) => sendPdf(reply, await invoicePdf(app.db, app.config.appUrl, await readable(request.user, request.params.id))),
  );
};

export default invoices;
