import { z } from 'zod/mini';
import { AGREEMENT_TERMS } from '../estimate-totals';
import { invalidCharacterMessage, longText, optionalLine, requiredLine, storableText } from '../storable-text';
import { notAnObject } from './common';

/**
 * A customer's answers to an estimate (issue 24), by its link or in the portal: accept, ask for
 * changes, decline; and the limits of what staff write. Apart from the rest of the estimates'
 * contracts (estimates.ts), so the estimate page carries only what its forms check.
 */

export const ESTIMATE_LIMITS = {
  properties: 25,
  linesPerProperty: 20,
  note: 4000,
  message: 2000,
  poNumber: 40,
  signerName: 100,
  signerTitle: 100,
  /** Photos from the free property visit shown on one estimate. */
  photos: 12,
} as const;

/** Chosen from the estimate: a line's id. */
const lineId = (message: string) => z.string({ error: message }).check(z.uuid(message));

/** POST /api/estimates/{token}/accept, POST /api/portal/estimates/{id}/accept. */
export const estimateAcceptSchema = z.object(
  {
    term: z.enum(AGREEMENT_TERMS, { error: 'Choose a term' }),
    optionalLineIds: z.array(lineId('Choose options from the estimate'), { error: 'Choose options from the estimate' }),
    poNumbers: z.record(z.string(), optionalLine('PO number', ESTIMATE_LIMITS.poNumber)),
    name: requiredLine('Your full name', ESTIMATE_LIMITS.signerName),
    title: requiredLine('Your title', ESTIMATE_LIMITS.signerTitle),
    agree: z.literal(true, { error: 'Tick “I agree to the terms above” to accept' }),
  },
  notAnObject,
);
export type EstimateAccept = z.output<typeof estimateAcceptSchema>;

/** POST …/request-changes, by the link or in the portal. */
export const estimateChangesSchema = z.object(
  {
    message: z
      .string({ error: 'Tell us what to change' })
      .check(
        z.trim(),
        z.minLength(1, 'Tell us what to change'),
        z.maxLength(ESTIMATE_LIMITS.message, `Keep it to ${ESTIMATE_LIMITS.message} characters`),
        storableText(invalidCharacterMessage('The message')),
      ),
  },
  notAnObject,
);

/** POST …/decline, by the link or in the portal: the reason is optional. */
export const estimateDeclineSchema = z.object({ reason: z.optional(longText('The reason', ESTIMATE_LIMITS.message)) }, notAnObject);
