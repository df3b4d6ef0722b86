import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { company } from '../../../shared/company';

/**
 * Route contracts: each route declares its params, query, body and answers with zod
 * (the shared schemas in src/shared/api). Requests are validated by them, answers are
 * checked against them when CHECK_RESPONSES is on (the tests), and the OpenAPI 3.1
 * document is built from them.
 */
export default fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(app.config.checkResponses ? serializerCompiler : () => (data) => JSON.stringify(data));
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${company.name} API`,
          version: '1',
          description:
            'The API behind the landing page, the customer portal and the staff console. Signed-in calls carry the session cookie set by POST /api/auth/sign-in.',
        },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } } },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'contracts', dependencies: ['config'] },
);
