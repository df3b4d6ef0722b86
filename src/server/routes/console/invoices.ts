import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import {
  billingRunInputSchema,
  creditNoteInputSchema,
  creditNoteIssuedSchema,
  billingRunResultSchema,
  invoiceAdjustmentSchema,
  invoiceBulkApprovalResultSchema,
  invoiceBulkApprovalSchema,
  invoiceLineParamsSchema,
  invoiceLineRemovalSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceSummarySchema,
  invoiceVoidSchema,
} from '../../../shared/api/invoices';
import { monthBounds } from '../../../shared/invoices';
import { localToday } from '../../../shared/local-dates';
import { RequestError } from '../../errors';
import { formatCents } from '../../../shared/money';
import { sendPdf } from '../send-pdf';
import {
  addInvoiceAdjustment,
  approveAndSendInvoice,
  approveAndSendInvoices,
  creditNotePdf,
  getInvoice,
  invoicePdf,
  issueCreditNote,
  listInvoices,
  prepareInvoices,
  removeInvoiceLine,
  voidInvoice,
} from '../../modules/billing';

const tags = ['invoices'];
/** A reason as the audit log's summary keeps it (its fields are separated by ", "). */
const auditText = (text: string) => text.replaceAll(', ', '; ');
const FUTURE_MONTH = 'Choose this month (billed to date) or an earlier one';

/** The console's invoices (issue 25): a month's invoices prepared on demand, the drafts reviewed line by line. */
const invoices: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/billing-runs',
    {
      config: { permission: { action: 'create', resource: 'invoice' } },
      schema: {
        tags,
        summary: 'Prepare a month’s invoices now (“Prepare invoices”): drafts made or brought up to date; this month is billed to date',
        body: billingRunInputSchema,
        response: { 200: billingRunResultSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const today = localToday();
      const { month } = request.body;
      if (month > today.slice(0, 7)) throw new RequestError(400, FUTURE_MONTH, { month: FUTURE_MONTH });
      const bounds = monthBounds(month);
      const period = { start: bounds.start, end: month === today.slice(0, 7) ? today : bounds.end };
      request.auditSummary = `month=${month}`;
      return { periodStart: period.start, periodEnd: period.end, ...(await prepareInvoices(app.db, period)) };
    },
  );

  app.get(
    '/api/admin/invoices',
    {
      config: { permission: { action: 'list', resource: 'invoice' } },
      schema: {
        tags,
        summary: 'Invoices, newest month first: of one status as shown today (draft, open, partly paid, paid, overdue, void) or one month',
        querystring: invoiceListQuerySchema,
        response: { 200: z.array(invoiceSummarySchema) },
      },
    },
    async (request) => listInvoices(app.db, request.query),
  );

  app.get(
    '/api/admin/invoices/:id',
    {
      config: { permission: { action: 'read', resource: 'invoice' } },
      schema: {
        tags,
        summary: 'An invoice with a section per property: its PO number and lines, each visit’s date and “Verified on site”',
        params: idParamsSchema,
        response: { 200: invoiceSchema, 404: errorBodySchema },
      },
    },
    async (request) => getInvoice(app.db, request.params.id),
  );

  app.post(
    '/api/admin/invoices/:id/lines',
    {
      config: { permission: { action: 'update', resource: 'invoice' } },
      schema: {
        tags,
        summary: 'Add a line to a draft by hand (a credit is negative), with the reason the audit log keeps',
        params: idParamsSchema,
        body: invoiceAdjustmentSchema,
        response: { 201: invoiceSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      request.auditSummary = `amountCents=${request.body.amountCents}, reason=${auditText(request.body.reason)}`;
      await addInvoiceAdjustment(app.db, request.params.id, request.body, request.user.id, localToday());
      return reply.code(201).send(await getInvoice(app.db, request.params.id));
    },
  );

  app.post(
    '/api/admin/invoices/:id/lines/:lineId/remove',
    {
      config: { permission: { action: 'update', resource: 'invoice' } },
      schema: {
        tags,
        summary: 'Take a line off a draft, with the reason the audit log keeps; the next run does not bill it again',
        params: invoiceLineParamsSchema,
        body: invoiceLineRemovalSchema,
        response: { 200: invoiceSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      request.auditSummary = `reason=${auditText(request.body.reason)}`;
      await removeInvoiceLine(app.db, request.params.id, request.params.lineId, request.body.reason, request.user.id);
      return getInvoice(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/invoices/:id/approve',
    {
      config: { permission: { action: 'update', resource: 'invoice' } },
      schema: {
        tags,
        summary:
          'Approve and send a draft: it takes the year’s next number and its due date, and its PDF is e-mailed to the billing contacts; pressed again, nothing more is sent',
        params: idParamsSchema,
        response: { 200: invoiceSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const sent = await approveAndSendInvoice(app.db, app.mail, request.params.id, request.user.id);
      request.auditSummary = sent ? 'sent=true' : 'sent=false';
      return getInvoice(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/invoices/approve',
    {
      config: { permission: { action: 'update', resource: 'invoice' } },
      schema: {
        tags,
        summary:
          'Approve and send several drafts (“Approve and send all”), each on its own: which went out, which had already, and which were refused and why',
        body: invoiceBulkApprovalSchema,
        response: { 200: invoiceBulkApprovalResultSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const answer = await approveAndSendInvoices(app.db, app.mail, request.body.ids, request.user.id);
      request.auditSummary = `sent=${answer.sent.map((invoice) => invoice.number).join(' ') || 'none'}, refused=${answer.refused.length}`;
      return answer;
    },
  );

  app.post(
    '/api/admin/invoices/:id/void',
    {
      config: { permission: { action: 'update', resource: 'invoice' } },
      schema: {
        tags,
        summary:
          'Void a sent invoice, with the reason: it keeps its number, nothing is owed on it, and the customer is e-mailed its PDF marked void. Refused for a draft or an invoice with payments or credit notes; pressed again, nothing more happens',
        params: idParamsSchema,
        body: invoiceVoidSchema,
        response: { 200: invoiceSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const voided = await voidInvoice(app.db, app.mail, request.params.id, request.body.reason, request.user.id);
      request.auditSummary = `voided=${voided}, reason=${auditText(request.body.reason)}`;
      return getInvoice(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/invoices/:id/credit-notes',
    {
      config: { permission: { action: 'create', resource: 'creditNote' } },
      schema: {
        tags,
        summary:
          'Issue a credit note against a sent invoice: at most what it still asks for, numbered CN-<year>-<n>, e-mailed to the billing contacts as a PDF. The form chooses its id: a second press issues nothing more',
        params: idParamsSchema,
        body: creditNoteInputSchema,
        response: { 200: creditNoteIssuedSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const { creditNote, issued } = await issueCreditNote(app.db, app.mail, request.params.id, request.body, request.user.id);
      request.auditSummary = `issued=${issued}, number=${creditNote.number}, amount=${formatCents(creditNote.amountCents)}, reason=${auditText(request.body.reason)}`;
      return { creditNote, issued };
    },
  );

  const pdfResponse = (what: string) => ({
    200: { description: `${what}, a PDF, as an attachment`, content: { 'application/pdf': { schema: z.file() } } },
    404: errorBodySchema,
  });

  app.get(
    '/api/admin/invoices/:id/pdf',
    {
      config: { permission: { action: 'read', resource: 'invoice' } },
      schema: {
        tags,
        summary: 'An invoice as a PDF, as sent (a draft is marked “Draft: not sent”)',
        params: idParamsSchema,
        response: pdfResponse('The invoice'),
      },
    },
    async (request, reply) => sendPdf(reply, await invoicePdf(app.db, app.config.appUrl, await getInvoice(app.db, request.params.id))),
  );

  app.get(
    '/api/admin/credit-notes/:id/pdf',
    {
      config: { permission: { action: 'read', resource: 'creditNote' } },
      schema: { tags, summary: 'A credit note as a PDF', params: idParamsSchema, response: pdfResponse('The credit note') },
    },
    async (request, reply) => sendPdf(reply, await creditNotePdf(app.db, request.params.id, app.config.appUrl.toString())),
  );
};

export default invoices;
