import { z } from 'zod/mini';
import { fieldErrors } from './field-errors';
import {
  EMAIL_MAX,
  MESSAGE_MAX,
  MESSAGE_MIN,
  NAME_MAX,
  NAME_MIN,
  PHONE_INPUT_MAX,
  PROPERTY_SIZE_MAX,
  SERVICE_OPTIONS,
  URGENCY_MAX,
} from './constants';
import { invalidCharacterMessage, oneLineText, storableText } from './storable-text';

/** The exact text of the consent checkbox; stored with every request as evidence. */
export const CONSENT_LABEL = 'I agree to be contacted regarding my quote request';

/** Name of the hidden honeypot field. People never see it; bots tend to fill it. */
export const HONEYPOT_FIELD = 'company_website';

export const quoteRequestMessages = {
  nameShort: `Name must be at least ${NAME_MIN} characters`,
  nameLong: `Name must be less than ${NAME_MAX} characters`,
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  service: 'Please select a service',
  messageShort: `Message must be at least ${MESSAGE_MIN} characters`,
  messageLong: `Message must be less than ${MESSAGE_MAX} characters`,
  consent: 'You must agree to our privacy policy',
  propertySize: `Property size must be less than ${PROPERTY_SIZE_MAX} characters`,
  urgency: `Urgency must be less than ${URGENCY_MAX} characters`,
  nameCharacters: invalidCharacterMessage('Name'),
  messageCharacters: invalidCharacterMessage('Message'),
  propertySizeCharacters: invalidCharacterMessage('Property size'),
  urgencyCharacters: invalidCharacterMessage('Urgency'),
  notAnObject: 'Send the quote request as a JSON object',
} as const;

/** Optional plus, a non-zero first digit, then up to 15 more digits (SPEC §5). */
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/[\s\-()]/g, ''));
}

/** An optional one-line field. */
const optionalText = (label: string, max: number, message: string, characters: string) =>
  z.optional(z.string({ error: message }).check(z.trim(), z.maxLength(max, message), storableText(characters), oneLineText(label)));

/**
 * The one definition of a quote request, used by the form, the server and the tests.
 * It is written with zod/mini so the landing page's form stays small.
 */
export const quoteRequestInputSchema = z.object(
  {
    name: z
      .string({ error: quoteRequestMessages.nameShort })
      .check(
        z.trim(),
        z.minLength(NAME_MIN, quoteRequestMessages.nameShort),
        z.maxLength(NAME_MAX, quoteRequestMessages.nameLong),
        storableText(quoteRequestMessages.nameCharacters),
        oneLineText('Name'),
      ),
    email: z
      .string({ error: quoteRequestMessages.email })
      .check(z.trim(), z.maxLength(EMAIL_MAX, quoteRequestMessages.email), z.email(quoteRequestMessages.email)),
    phone: z.optional(
      z.string({ error: quoteRequestMessages.phone }).check(
        z.trim(),
        z.maxLength(PHONE_INPUT_MAX, quoteRequestMessages.phone),
        z.refine((value) => value === '' || isValidPhone(value), quoteRequestMessages.phone),
      ),
    ),
    service: z.enum(SERVICE_OPTIONS, { error: quoteRequestMessages.service }),
    propertySize: optionalText(
      'Property size',
      PROPERTY_SIZE_MAX,
      quoteRequestMessages.propertySize,
      quoteRequestMessages.propertySizeCharacters,
    ),
    urgency: optionalText('Urgency', URGENCY_MAX, quoteRequestMessages.urgency, quoteRequestMessages.urgencyCharacters),
    message: z
      .string({ error: quoteRequestMessages.messageShort })
      .check(
        z.trim(),
        z.minLength(MESSAGE_MIN, quoteRequestMessages.messageShort),
        z.maxLength(MESSAGE_MAX, quoteRequestMessages.messageLong),
        storableText(quoteRequestMessages.messageCharacters),
      ),
    consent: z.literal(true, { error: quoteRequestMessages.consent }),
  },
  { error: quoteRequestMessages.notAnObject },
);

export type QuoteRequestFormValues = z.input<typeof quoteRequestInputSchema>;
export type QuoteRequestInput = z.output<typeof quoteRequestInputSchema>;

/** The fields in the order they appear on the form; used to focus the first invalid one. */
export const QUOTE_REQUEST_FIELD_ORDER = ['name', 'phone', 'email', 'service', 'message', 'consent'] as const;
export type QuoteRequestField = keyof QuoteRequestInput;

export type QuoteRequestFieldErrors = Partial<Record<QuoteRequestField, string>>;

/** Flattens validation issues to one message per field, the first that applies. */
export const quoteRequestFieldErrors = (issues: Parameters<typeof fieldErrors>[0]): QuoteRequestFieldErrors =>
  fieldErrors<QuoteRequestField>(issues);

/** The 201 answer of POST /api/contact. */
export interface QuoteRequestCreated {
  id: string;
  submittedAt: string;
}

/** The 400 answer of POST /api/contact. */
export interface ValidationErrorBody {
  message: string;
  errors: QuoteRequestFieldErrors;
}
