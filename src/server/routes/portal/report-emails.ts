import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportPreferenceSchema } from '../../../shared/api/report-emails';
import { errorBodySchema } from '../../../shared/api/common';
import { reportFrequencyOf, setReportFrequency } from '../../modules/reports';

const tags = ['portal'];

/** Account Settings: how often the signed-in customer's user receives service report e-mails. */
const reportEmails: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/report-emails',
    {
      config: { permission: { action: 'read', resource: 'reportPreference' } },
      schema: { tags, summary: 'How often I receive service report e-mails', response: { 200: reportPreferenceSchema } },
    },
    async (request) => ({ frequency: await reportFrequencyOf(app.db, request.user.id) }),
  );

  app.put(
    '/api/account/report-emails',
    {
      config: { permission: { action: 'update', resource: 'reportPreference' } },
      schema: {
        tags,
        summary: 'Choose service report e-mails after every visit, weekly, or none',
        body: reportPreferenceSchema,
        response: { 200: reportPreferenceSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ frequency: await setReportFrequency(app.db, request.user.id, request.body.frequency) }),
  );
};

export default reportEmails;
