import { z } from 'zod/mini';
import { notAnObject } from './api/common';
import { PHOTO_TYPES, PROPERTY_TYPES } from './api/properties';
import { TAKEN_AT_MESSAGES, takenAtIssue } from './photo-dates';
import { JURISDICTION_NAMES, TAX_JURISDICTIONS } from './tax-jurisdictions';
import { invalidCharacterMessage, oneLineText, optionalLine, requiredLine, storableText } from './storable-text';

/** The staff console's forms, checked the same way in the browser and on the server. */

/** A required one-line text field; the price book's forms share it. */
export const required = requiredLine;
const optional = optionalLine;
const email = z
  .string({ error: 'Please enter a valid email address' })
  .check(z.trim(), z.maxLength(254, 'Please enter a valid email address'), z.email('Please enter a valid email address'));

export const customerInputSchema = z.object(
  {
    /** The company's name: what the portal greets and the console lists. */
    name: required('Company name', 200),
    /** The person the company deals with. */
    contactName: optional('Contact name', 100),
    email,
    phone: optional('Phone', 40),
    address: optional('Address', 300),
  },
  notAnObject,
);
export type CustomerInput = z.output<typeof customerInputSchema>;

export const userInputSchema = z.object(
  { email, firstName: optional('First name', 100), lastName: optional('Last name', 100) },
  notAnObject,
);

export const propertyInputSchema = z.object(
  {
    name: required('Name', 200),
    address: required('Address', 300),
    city: required('City', 100),
    state: z.string({ error: 'State is required' }).check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'State must be two letters, such as WI')),
    zipCode: z
      .string({ error: 'ZIP code is required' })
      .check(z.trim(), z.regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits, such as 53202')),
    propertyType: z.enum(PROPERTY_TYPES, { error: `Property type must be one of: ${PROPERTY_TYPES.join(', ')}` }),
    /**
     * Whose sales tax applies (issue 24). Left out, it is worked out from the city when the property
     * is made or its city changes; staff set it for an address across a line.
     */
    taxJurisdiction: z.optional(
      z.enum(TAX_JURISDICTIONS, {
        error: `Choose where sales tax is due: ${TAX_JURISDICTIONS.map((jurisdiction) => JURISDICTION_NAMES[jurisdiction]).join(', ')}`,
      }),
    ),
  },
  notAnObject,
);
export type PropertyInput = z.output<typeof propertyInputSchema>;

/**
 * POST /api/admin/customers: a customer, made from a quote request when `quoteRequestId` names one
 * (the request is then won). With `user`, a person who signs in to the portal for it (not e-mailed
 * until invited); with `property`, its first property. All are stored together or none.
 */
export const customerCreateSchema = z.extend(customerInputSchema, {
  quoteRequestId: z.optional(z.string({ error: 'The quote request is not valid' }).check(z.uuid('The quote request is not valid'))),
  user: z.optional(userInputSchema),
  property: z.optional(propertyInputSchema),
});
export type CustomerCreateInput = z.output<typeof customerCreateSchema>;

/** The message for a photo without a type: shown next to the file in the console, and in the API's answer. */
export const PHOTO_TYPE_MESSAGE = 'Choose the photo type: before, after or other';

const photoType = z.enum(PHOTO_TYPES, { error: PHOTO_TYPE_MESSAGE });
const caption = z
  .string({ error: 'Captions must be text' })
  .check(
    z.trim(),
    z.maxLength(500, 'Captions can be at most 500 characters'),
    storableText(invalidCharacterMessage('The caption')),
    oneLineText('The caption'),
  );

/** The check of a taken-on value (see photo-dates.ts); an empty value passes only where `allowEmpty` says. */
const takenAtCheck = (allowEmpty: boolean) =>
  z.superRefine<string>((value, context) => {
    const issue = allowEmpty && value === '' ? null : takenAtIssue(value);
    if (issue) context.addIssue({ code: 'custom', message: issue, input: value });
  });

/**
 * When a photo was taken: a date (YYYY-MM-DD) or an ISO date and time with its offset, not
 * later than today in Milwaukee and not before 1990 (see photo-dates.ts).
 */
export const takenAtSchema = z.string({ error: TAKEN_AT_MESSAGES.invalid }).check(z.trim(), takenAtCheck(false));

/** The console's "taken on" date field: empty (no date) or a taken-on date. */
export const takenOnFieldSchema = z.string().check(z.trim(), takenAtCheck(true));

/**
 * An upload's fields beside the file. Without `takenAt` the server reads the date from the
 * photo's EXIF data; `null` (an empty field in the form) means no date.
 */
export const photoFieldsSchema = z.object({
  photoType,
  caption: z.optional(caption),
  takenAt: z.optional(z.nullable(takenAtSchema)),
});
export type PhotoFields = z.output<typeof photoFieldsSchema>;

/** PATCH /api/admin/photos/{id}: the fields to change (a missing one stays as it is; `takenAt: null` removes the date). */
export const photoUpdateSchema = z
  .object(
    {
      photoType: z.optional(photoType),
      caption: z.optional(caption),
      takenAt: z.optional(z.nullable(takenAtSchema)),
    },
    notAnObject,
  )
  .check(
    z.refine(
      (changes) => Object.values(changes).some((value) => value !== undefined),
      'Send at least one of photoType, caption or takenAt to change',
    ),
  );
export type PhotoUpdate = z.output<typeof photoUpdateSchema>;
