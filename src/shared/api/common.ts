import { z } from 'zod/mini';
import { storableText } from '../storable-text';

/** Every error answer: a message for people, and for a form the message of each field that is wrong. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A record's id in the path. A malformed id is "not found", like an unknown one. */
export const idParamsSchema = z.object({ id: z.uuid() });

/** The answer of a create or update: the record's id. */
export const idSchema = z.object({ id: z.string() });

/** An answer that only says what happened. */
export const messageSchema = z.object({ message: z.string() });

/** A text search in the console's lists. */
export const searchTextSchema = z.optional(
  z
    .string({ error: 'Give one search text (q)' })
    .check(z.trim(), z.maxLength(100, 'Search for at most 100 characters'), storableText('The search text contains an invalid character')),
);
