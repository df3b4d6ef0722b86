import { z } from 'zod/mini';
import { errorBodySchema } from './common';

/**
 * The monthly service report's contracts (decision 007). The month is checked by the route,
 * not the params schema, so a wrong month answers 400 with what to send instead (a malformed
 * path parameter is otherwise "not found").
 */

/** `/…/reports/:month.pdf`: the month as YYYY-MM. */
export const reportMonthParamsSchema = z.object({ month: z.string() });

/** `/…/:id/reports/:month.pdf`: a property's or a customer's id, and the month. */
export const reportParamsSchema = z.object({ id: z.uuid(), month: z.string() });

/**
 * The answers: the PDF, streamed as an attachment; a 400 naming the month's problem; 429 when the
 * user has as many reports in progress as allowed, 503 when the server has: both with Retry-After.
 */
export const reportResponses = {
  200: { description: 'The report, a PDF, as an attachment', content: { 'application/pdf': { schema: z.file() } } },
  400: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** `/…/reports/months`: the first month (YYYY-MM) the menu offers, the customer's first; the last is the current month. */
export const reportMonthsSchema = z.object({ from: z.string() });
