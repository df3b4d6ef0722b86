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
