import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { company } from '../../../shared/company';

/** Where `answer` holds a field that `contract` (the answer as its schema shaped it) dropped, or null. */
function undeclaredField(answer: unknown, contract: unknown, path = '$'): string | null {
  if (Array.isArray(answer) && Array.isArray(contract)) {
    for (const [i, item] of answer.entries()) {
      const found = undeclaredField(item, contract[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (answer && contract && typeof answer === 'object' && typeof contract === 'object') {
    for (const [key, value] of Object.entries(answer)) {
      if (value !== undefined && !(key in contract)) return `${path}.${key}`;
      const found = undeclaredField(value, (contract as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The tests' serializer: the answer must match its contract, and hold no field the contract
 * does not declare. Production sends with JSON.stringify, so a field a handler returned by
 * mistake (a whole row) would leak there; this makes it fail in the tests instead.
 */
const strictSerializerCompiler: FastifySerializerCompiler<Parameters<typeof serializerCompiler>[0]['schema']> = (route) => {
  const checked = serializerCompiler(route);
  return (data) => {
    const json = checked(data);
    const field = undeclaredField(JSON.parse(JSON.stringify(data)), JSON.parse(json));
    if (field) throw new Error(`${route.method} ${route.url} answered ${field}, which its contract does not declare`);
    return json;
  };
};

/**
 * Route contracts: each route declares its params, query, body and answers with zod
 * (the shared schemas in src/shared/api). Requests are validated by them, answers are
 * checked against them when CHECK_RESPONSES is on (the tests), and the OpenAPI 3.1
 * document is built from them.
 */
export default fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(app.config.checkResponses ? strictSerializerCompiler : () => (data) => JSON.stringify(data));
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
