import { z } from 'zod/mini';

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when text can be stored exactly as it was sent: no NUL (PostgreSQL text
 * cannot hold U+0000, so the insert would fail) and no unpaired UTF-16 surrogate
 * (UTF-8 cannot encode one, so it would come back as U+FFFD). Typing never
 * produces either; a script can.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The zod check for a text field, with the field's message. */
export const storableText = (message: string) => z.refine<string>(isStorableText, message);

/** The message for a field holding such a character. */
export const invalidCharacterMessage = (label: string) => `${label} contains an invalid character`;

/**
 * What a one-line field (a name, a caption, a title) may not hold: control characters (C0, DEL
 * and C1: line breaks and tabs included), the line and paragraph separators, and the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make
 * text show in another order than it was written (a file name "invoice‮fdp.exe", "Trojan Source").
 * The marks U+200E and U+200F, which right-to-left names need, are allowed.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** True when text is one line of plain text (see NOT_ONE_LINE). */
export function isOneLineText(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/** The message for a one-line field holding such a character. */
export const oneLineMessage = (label: string) => `${label} must be one line, without control characters or text-direction overrides`;

/** The zod check every one-line text field (names, captions, titles) shares, after its `storableText`. */
export const oneLineText = (label: string) => z.refine<string>(isOneLineText, oneLineMessage(label));

/** A required one-line text field: trimmed, not empty, at most `max` characters, with its label in every message. */
export const requiredLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      storableText(invalidCharacterMessage(label)),
      oneLineText(label),
    );

/** An optional one-line text field (absent or null allowed), checked like `requiredLine` but for emptiness. */
export const optionalLine = (label: string, max: number) =>
  z.optional(
    z.nullable(
      z
        .string({ error: `${label} must be text` })
        .check(
          z.trim(),
          z.maxLength(max, `${label} must be at most ${max} characters`),
          storableText(invalidCharacterMessage(label)),
          oneLineText(label),
        ),
    ),
  );

/** Text of several lines (a note, a message), trimmed, at most `max` characters, nothing that cannot be stored. */
export const longText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), storableText(invalidCharacterMessage(label)));
