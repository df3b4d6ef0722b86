import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { CONTACT_BODY_LIMIT_BYTES } from '../../../shared/constants';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../db/unavailable';

const friendlyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is larger than ${CONTACT_BODY_LIMIT_BYTES / 1024} KB`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json)',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON, or uses a reserved key such as "__proto__"',
};

/** Every error leaves as JSON `{ message }`; server faults are logged, never shown; a database outage is a 503. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Only errors with no client-side status can be an outage (a client cutting its upload is also ECONNRESET).
      if ((!error.statusCode || error.statusCode >= 500) && isDatabaseUnavailable(error)) {
        // Expected during a database restart: a warning, a retry hint, and no stack in the answer.
        request.log.warn({ err: error }, 'database unavailable');
        return reply.code(503).header('Retry-After', '5').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ message: 'Something went wrong on our side. Please try again in a moment.' });
      }
      const message =
        (error.code && friendlyMessages[error.code]) ??
        (error instanceof SyntaxError ? friendlyMessages.FST_ERR_CTP_INVALID_JSON_BODY : error.message);
      return reply.code(status).send({ message });
    });
  },
  { name: 'errors' },
);
