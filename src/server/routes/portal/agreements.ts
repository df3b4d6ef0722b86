import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { agreementSchema } from '../../../shared/api/estimates';
import { displayName } from '../../../shared/display-name';
import { can } from '../../../shared/policy';
import { NotFoundError } from '../../errors';
import { agreementOwner, cancelAgreement, customerAgreements } from '../../modules/agreements';
import { customerActor } from '../../modules/audit';
import { signedEstimatePdf } from '../../modules/estimates';
import { sendPdf, signedCopyRoute } from '../send-pdf';

const tags = ['portal'];

/**
 * A customer's service agreements in the portal (issue 24): their prices, term, renewal date and
 * signed copy, and cancelling a month-to-month one with 30 days' notice. Another customer's
 * agreement is "not found". Staff have no company of their own here: their list is empty (the
 * console shows every customer's).
 */
const agreements: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/portal/agreements',
    {
      config: { permission: { action: 'list', resource: 'agreement' } },
      schema: {
        tags,
        summary: 'The signed-in customer’s service agreements, newest first, with their lines and renewal dates',
        response: { 200: z.array(agreementSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      const { customerId } = request.user;
      return customerId && can(request.user, 'list', 'agreement', { customerId }) ? customerAgreements(app.db, customerId) : [];
    },
  );

  app.get('/api/portal/agreements/:id/signed-pdf', signedCopyRoute(tags), async (request, reply) => {
    const owner = await agreementOwner(app.db, request.params.id);
    if (!can(request.user, 'read', 'agreement', owner)) throw new NotFoundError();
    return sendPdf(reply, await signedEstimatePdf(app.db, app.photoStorage, app.config.appUrl, owner.estimateId));
  });

  app.post(
    '/api/portal/agreements/:id/cancel',
    {
      config: { permission: { action: 'update', resource: 'agreement' }, audit: 'recorded' },
      schema: {
        tags,
        summary: 'Cancel a month-to-month agreement with 30 days’ notice: its plans end that day and staff are told',
        params: idParamsSchema,
        response: { 200: agreementSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const owner = await agreementOwner(app.db, request.params.id);
      if (!can(request.user, 'update', 'agreement', owner)) throw new NotFoundError();
      const { user } = request;
      return cancelAgreement(app.db, app.mail, request.params.id, {
        name: displayName(user),
        email: user.email,
        actor: customerActor({ user, ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
      });
    },
  );
};

export default agreements;
