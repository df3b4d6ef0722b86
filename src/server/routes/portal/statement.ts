import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema } from '../../../shared/api/common';
import { can } from '../../../shared/policy';
import { NotFoundError } from '../../errors';
import { statementPdf } from '../../modules/billing';
import { sendPdf } from '../send-pdf';

const tags = ['portal'];

/** The signed-in customer's statement of account (issue 25). Staff have no company of their own here: theirs is in the console. */
const statement: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/portal/statement.pdf',
    {
      config: { permission: { action: 'read', resource: 'ownStatement' } },
      schema: {
        tags,
        summary:
          'The signed-in customer’s statement of account as of today, a PDF: the balance, the aging, the open invoices and the last 90 days’ payments',
        response: {
          200: { description: 'The statement, a PDF, as an attachment', content: { 'application/pdf': { schema: z.file() } } },
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { customerId } = request.user;
      if (!customerId || !can(request.user, 'read', 'ownStatement', { customerId })) throw new NotFoundError();
      return sendPdf(reply, await statementPdf(app.db, customerId, app.config.appUrl.toString()));
    },
  );
};

export default statement;
