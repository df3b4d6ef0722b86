import { z } from 'zod/mini';
import { storableText } from '../storable-text';

/** Every error answer: a message for people, and for a form the message of each field that is wrong. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
  /** Why, as a code the client acts on (such as "reauthenticate"). */
  problem: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A record's id in the path. A malformed id is "not found", like an unknown one. */
export const idParamsSchema = z.object({ id: z.uuid() });

/** What a required date field says when it is left empty, in the portal and the console alike. */
export const CHOOSE_A_DATE = 'Choose a date';

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

/** A visit's local time window ("06:00" to "10:00"); null for an "anytime" visit done on a route. */
export const timeWindowSchema = z.nullable(z.object({ from: z.string(), to: z.string() }));

/** Someone named on a record (a crew member, who made a change): their id and name. */
export const personSchema = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

/** For a body that is not a JSON object at all (null, an array, a number): every object contract's error. */
export const notAnObject = { error: 'Send the fields as a JSON object' };
