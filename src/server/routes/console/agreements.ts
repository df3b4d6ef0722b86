import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { agreementListQuerySchema, agreementSummarySchema, consoleAgreementSchema } from '../../../shared/api/agreements';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { agreementOwner, consoleAgreement, listAgreements } from '../../modules/agreements';
import { signedEstimatePdf } from '../../modules/estimates';
import { sendPdf, signedCopyRoute } from '../send-pdf';

const tags = ['agreements'];

/**
 * Service agreements in the console (issue 24): the office reads every customer's, with their
 * prices, the estimate they came from and the work they put on the schedule, and downloads the
 * signed copy. Crews see no prices: the console's guard refuses them, as it refuses customers.
 */
const agreements: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/agreements',
    {
      config: { permission: { action: 'list', resource: 'agreement' } },
      schema: {
        tags,
        summary:
          'Service agreements, newest first (the latest 200): of one customer, of one status, or accepted within the last days; each with what it comes to a month and the first visit at each property',
        querystring: agreementListQuerySchema,
        response: { 200: z.array(agreementSummarySchema), 400: errorBodySchema },
      },
    },
    async (request) => listAgreements(app.db, request.query),
  );

  app.get(
    '/api/admin/agreements/:id',
    {
      config: { permission: { action: 'read', resource: 'agreement' } },
      schema: {
        tags,
        summary:
          'A service agreement whole: its customer, properties and lines with prices, term, discount and dates, the estimate and its acceptance, the plans it made and the first visits',
        params: idParamsSchema,
        response: { 200: consoleAgreementSchema, 404: errorBodySchema },
      },
    },
    async (request) => consoleAgreement(app.db, request.params.id),
  );

  app.get('/api/admin/agreements/:id/signed-pdf', signedCopyRoute(tags), async (request, reply) => {
    const { estimateId } = await agreementOwner(app.db, request.params.id);
    return sendPdf(reply, await signedEstimatePdf(app.db, app.photoStorage, app.config.appUrl, estimateId));
  });
};

export default agreements;
