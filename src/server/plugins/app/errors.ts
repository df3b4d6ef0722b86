import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import type { ErrorBody } from '../../../shared/api/common';
import { fieldErrors } from '../../../shared/field-errors';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../db/unavailable';
import { BusyError, ConflictError, RequestError } from '../../errors';
import { PhotoRejectedError } from '../../modules/photos';

const friendlyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json)',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON, or uses a reserved key such as "__proto__"',
};

/** One message per field (the first that applies), from a contract's validation issues. */
const validationErrors = (validation: NonNullable<FastifyError['validation']>) =>
  fieldErrors(
    validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message ?? 'This value is not valid',
    })),
  ) as Record<string, string>;

/**
 * Every error leaves as JSON in one shape, `{ message, errors? }` (errors maps a field to
 * its message). A request that breaks its route's contract gets 400 with each field's
 * message, and the route's own summary when it names one (`config.invalidMessage`); a
 * malformed id in the path is "not found", like an unknown one; a refused photo is its 413
 * or 415 with the photo store's message. Server faults are logged, never shown; a database
 * outage is a 503.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Only errors with no client-side status can be an outage (a client cutting its upload is also ECONNRESET).
      if ((!error.statusCode || error.statusCode >= 500) && isDatabaseUnavailable(error)) {
        // Expected during a database restart: a warning, a retry hint, and no stack in the answer.
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('Retry-After', '5')
          .send({ message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
      }
      if (error.validation) {
        if (error.validationContext === 'params') return reply.code(404).send({ message: 'Not found' } satisfies ErrorBody);
        const errors = validationErrors(error.validation);
        const message = request.routeOptions.config.invalidMessage ?? [...new Set(Object.values(errors))].join('; ');
        return reply.code(400).send({ message: message ?? 'The request is not valid', errors } satisfies ErrorBody);
      }
      if (error instanceof ConflictError) {
        return reply.code(409).send({ message: error.message, errors: { [error.field]: error.message } } satisfies ErrorBody);
      }
      if (error instanceof BusyError) {
        return reply
          .code(error.statusCode)
          .header('Retry-After', String(error.retryAfterSeconds))
          .send({ message: error.message } satisfies ErrorBody);
      }
      // An upload that is not a photo we take (415) or too large (413), from any route that stores photos.
      if (error instanceof PhotoRejectedError) {
        return reply.code(error.statusCode).send({ message: error.message } satisfies ErrorBody);
      }
      if (error instanceof RequestError) {
        return reply.code(error.statusCode).send({
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.problem ? { problem: error.problem } : {}),
        });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ message: 'Something went wrong on our side. Please try again in a moment.' } satisfies ErrorBody);
      }
      // The limit of this route: 16 KB for the quote form, 32 KB for the other JSON routes.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply
          .code(413)
          .send({ message: `The request body is larger than ${request.routeOptions.bodyLimit / 1024} KB` } satisfies ErrorBody);
      }
      const message =
        (error.code ? friendlyMessages[error.code] : undefined) ??
        (error instanceof SyntaxError ? friendlyMessages.FST_ERR_CTP_INVALID_JSON_BODY! : error.message);
      return reply.code(status).send({ message } satisfies ErrorBody);
    });
  },
  { name: 'errors' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 400 answer's message when the request breaks the route's contract (each field's own message is in `errors`). */
    invalidMessage?: string;
  }
}
