import { z } from 'zod/mini';
import { PHOTO_TYPES, PROPERTY_TYPES } from './portal-types';
import { invalidCharacterMessage, storableText } from './storable-text';

/** The staff console's forms, checked the same way in the browser and on the server. */

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      storableText(invalidCharacterMessage(label)),
    );
const optional = (label: string, max: number) =>
  z.optional(
    z.nullable(
      z
        .string({ error: `${label} must be text` })
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), storableText(invalidCharacterMessage(label))),
    ),
  );
const email = z
  .string({ error: 'Please enter a valid email address' })
  .check(z.trim(), z.maxLength(254, 'Please enter a valid email address'), z.email('Please enter a valid email address'));
/** For a body that is not a JSON object at all (null, an array, a number). */
const notAnObject = { error: 'Send the fields as a JSON object' };

export const customerInputSchema = z.object(
  {
    name: required('Name', 200),
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
  },
  notAnObject,
);
export type PropertyInput = z.output<typeof propertyInputSchema>;

export const photoFieldsSchema = z.object({
  photoType: z.enum(PHOTO_TYPES, { error: 'Photo type must be before, after or other' }),
  caption: z.optional(
    z
      .string({ error: 'Captions must be text' })
      .check(z.trim(), z.maxLength(500, 'Captions can be at most 500 characters'), storableText(invalidCharacterMessage('The caption'))),
  ),
});
