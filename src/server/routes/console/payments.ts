import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import {
  customerAccountSchema,
  customerBillingInputSchema,
  customerBillingSchema,
  invoiceSettingsSchema,
  lateFeeWaiverSchema,
  paymentDeletionSchema,
  paymentInputSchema,
  paymentListQuerySchema,
  paymentRecordedSchema,
  paymentSchema,
  receivablesSchema,
} from '../../../shared/api/payments';
import { accountingExportInputSchema } from '../../../shared/api/accounting-export';
import { formatCents } from '../../../shared/money';
import { sendPdf } from '../send-pdf';
import {
  accountingExport,
  applyAccountCredit,
  customerAccount,
  deletePayment,
  getCustomerBilling,
  getInvoicingSettings,
  paymentsOf,
  receivables,
  recordPayment,
  statementPdf,
  updateCustomerBilling,
  updateInvoicingSettings,
  waiveLateFee,
} from '../../modules/billing';

const tags = ['payments'];
/** A reason as the audit log's summary keeps it (its fields are separated by ", "). */
const auditText = (text: string) => text.replaceAll(', ', '; ');

/** Payments and collections in the console (issue 25): payments recorded and deleted, accounts, late fees waived, receivables. */
const payments: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/payments',
    {
      config: { permission: { action: 'create', resource: 'payment' } },
      schema: {
        tags,
        summary:
          'Record a payment (check with its number, ACH, card or cash), applied to the invoices given or else to the oldest open ones; what is left is a credit on the account; a receipt is e-mailed. A second press with the same key records nothing more',
        body: paymentInputSchema,
        response: { 200: paymentRecordedSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const answer = await recordPayment(app.db, app.mail, request.body, request.user.id);
      const { payment } = answer;
      request.auditSummary = `recorded=${answer.recorded}, amount=${formatCents(payment.amountCents)}, method=${payment.method}, applied=${
        payment.allocations.map((allocation) => `${allocation.number}:${formatCents(allocation.amountCents)}`).join(' ') || 'none'
      }`;
      return answer;
    },
  );

  app.get(
    '/api/admin/payments',
    {
      config: { permission: { action: 'list', resource: 'payment' } },
      schema: {
        tags,
        summary: 'Payments, newest first (deleted ones marked): all, or one customer’s',
        querystring: paymentListQuerySchema,
        response: { 200: z.array(paymentSchema) },
      },
    },
    async (request) => paymentsOf(app.db, { customerId: request.query.customerId }),
  );

  app.post(
    '/api/admin/payments/:id/delete',
    {
      config: { permission: { action: 'delete', resource: 'payment' } },
      schema: {
        tags,
        summary:
          'Delete a payment recorded by mistake, with the reason the audit log keeps: it leaves every figure, and the invoices it paid are owed again',
        params: idParamsSchema,
        body: paymentDeletionSchema,
        response: { 200: paymentSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const payment = await deletePayment(app.db, request.params.id, request.user.id);
      request.auditSummary = `amount=${formatCents(payment.amountCents)}, reason=${auditText(request.body.reason)}`;
      return payment;
    },
  );

  app.get(
    '/api/admin/customers/:id/account',
    {
      config: { permission: { action: 'read', resource: 'payment' } },
      schema: {
        tags,
        summary: 'A customer’s account: what it owes on which invoices (late fees included), its payments, and the credit on the account',
        params: idParamsSchema,
        response: { 200: customerAccountSchema, 404: errorBodySchema },
      },
    },
    async (request) => customerAccount(app.db, request.params.id),
  );

  app.post(
    '/api/admin/customers/:id/apply-credit',
    {
      config: { permission: { action: 'update', resource: 'payment' } },
      schema: {
        tags,
        summary: 'Apply the credit on a customer’s account (overpayments) to its open invoices, oldest due first',
        params: idParamsSchema,
        response: { 200: customerAccountSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const applied = await applyAccountCredit(app.db, request.params.id);
      request.auditSummary = `applied=${formatCents(applied)}`;
      return customerAccount(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/late-fees/:id/waive',
    {
      config: { permission: { action: 'update', resource: 'lateFee' } },
      schema: {
        tags,
        summary: 'Waive a late fee: the invoice no longer asks for it (kept in the audit log, with the reason if given)',
        params: idParamsSchema,
        body: lateFeeWaiverSchema,
        response: {
          200: z.object({ invoiceId: z.string(), amountCents: z.number() }),
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const fee = await waiveLateFee(app.db, request.params.id, request.user.id);
      request.auditSummary = `invoice=${fee.invoiceId}, amount=${formatCents(fee.amountCents)}${request.body.reason ? `, reason=${auditText(request.body.reason)}` : ''}`;
      return fee;
    },
  );

  app.get(
    '/api/admin/customers/:id/billing',
    {
      config: { permission: { action: 'read', resource: 'payment' } },
      schema: {
        tags,
        summary:
          'How a customer is billed: payment terms, one invoice or one per property, billing address, reminders paused, billing contacts, and who invoices go to today',
        params: idParamsSchema,
        response: { 200: customerBillingSchema, 404: errorBodySchema },
      },
    },
    async (request) => getCustomerBilling(app.db, request.params.id),
  );

  app.put(
    '/api/admin/customers/:id/billing',
    {
      config: { permission: { action: 'update', resource: 'payment' } },
      schema: {
        tags,
        summary:
          'Change how a customer is billed (from the next invoice approved): terms, one invoice per property, billing address, reminders paused, billing contacts',
        params: idParamsSchema,
        body: customerBillingInputSchema,
        response: { 200: customerBillingSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      request.auditSummary = `terms=${request.body.paymentTerms}, perProperty=${request.body.invoicePerProperty}, remindersPaused=${request.body.remindersPaused}, contacts=${request.body.contacts.length}`;
      return updateCustomerBilling(app.db, request.params.id, request.body);
    },
  );

  app.get(
    '/api/admin/invoice-settings',
    {
      config: { permission: { action: 'read', resource: 'billingSettings' } },
      schema: {
        tags,
        summary:
          'How invoices are paid (ACH instructions), credited (visits the company skips), reminded (days before and after the due date) and charged late',
        response: { 200: invoiceSettingsSchema },
      },
    },
    async () => getInvoicingSettings(app.db),
  );

  app.put(
    '/api/admin/invoice-settings',
    {
      config: { permission: { action: 'update', resource: 'billingSettings' } },
      schema: {
        tags,
        summary: 'Change the invoice settings (owners): from now on; fees charged and reminders sent stay',
        body: invoiceSettingsSchema,
        response: { 200: invoiceSettingsSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { lateFee, reminderDaysBefore, reminderDaysAfter } = request.body;
      request.auditSummary = `lateFee=${lateFee.kind}, flatCents=${lateFee.flatCents}, percentBp=${lateFee.percentBp}, graceDays=${lateFee.graceDays}, remindBefore=${reminderDaysBefore ?? 'none'}, remindAfter=${reminderDaysAfter.join(' ') || 'none'}`;
      return updateInvoicingSettings(app.db, request.body, request.user.id);
    },
  );

  app.get(
    '/api/admin/receivables',
    {
      config: { permission: { action: 'read', resource: 'receivables' } },
      schema: {
        tags,
        summary:
          'Receivables: aging (current, 1–30, 31–60, 61–90, over 90 days), days sales outstanding over 90 days, and the customers who owe the most',
        response: { 200: receivablesSchema },
      },
    },
    async () => receivables(app.db),
  );

  app.get(
    '/api/admin/customers/:id/statement.pdf',
    {
      config: { permission: { action: 'read', resource: 'statement' } },
      schema: {
        tags,
        summary:
          'A customer’s statement of account as of today, a PDF: the balance, the aging, the open invoices and the last 90 days’ payments',
        params: idParamsSchema,
        response: {
          200: { description: 'The statement, a PDF, as an attachment', content: { 'application/pdf': { schema: z.file() } } },
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendPdf(reply, await statementPdf(app.db, request.params.id, app.config.appUrl.toString())),
  );

  app.post(
    '/api/admin/accounting-exports',
    {
      config: { permission: { action: 'create', resource: 'accountingExport' }, audit: 'export' },
      schema: {
        tags,
        summary:
          'Export invoices (with late fees), credit notes or payments of a date range as a CSV file, in QuickBooks Online’s import layout or a plain one (docs/operations.md). Each record is marked exported and left out of the next export unless `again` is set',
        body: accountingExportInputSchema,
        response: {
          200: { description: 'The CSV file, as an attachment', content: { 'text/csv': { schema: z.string() } } },
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const file = await accountingExport(app.db, request.body);
      const { kind, format, from, to, again } = request.body;
      request.auditSummary = `kind=${kind}, format=${format}, from=${from}, to=${to}, again=${again ?? false}, records=${file.records}`;
      return reply
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Records', String(file.records))
        .type('text/csv; charset=utf-8')
        .send(file.csv);
    },
  );
};

export default payments;
