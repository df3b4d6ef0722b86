import { z } from 'zod/mini';
import { TAX_JURISDICTIONS } from '../tax-jurisdictions';
import { LOCATION_SOURCES } from '../visits';
import { notAnObject } from './common';
import { planSchema } from './plans';

/**
 * A property's contract: the property as each audience sees it, its location, its page in the
 * console, and its photos. Other contracts that name a property build on these.
 */

/** Property types offered in the staff console's property form (and required by the import). */
export const PROPERTY_TYPES = ['Retail Center', 'Office', 'Industrial', 'Parking Lot', 'Multi-Family', 'Other'] as const;

export const PHOTO_TYPES = ['before', 'after', 'other'] as const;

/** GET /api/customer/properties: a property (SPEC §3). */
export const propertySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  propertyType: z.string(),
});
export type Property = z.infer<typeof propertySchema>;

/** A property named in a list (the schedule, a visit to add): its id, name and city. */
export const propertyNameSchema = z.pick(propertySchema, { id: true, name: true, city: true });

/** A property's street address, without its id: what a crew is told of a site. */
export const propertyAddressSchema = z.pick(propertySchema, { name: true, address: true, city: true, state: true, zipCode: true });

/** A property on its customer's page in the console: with whose sales tax applies (issue 24), which the portal does not show. */
export const consolePropertySchema = z.extend(propertySchema, { taxJurisdiction: z.enum(TAX_JURISDICTIONS) });
export type ConsoleProperty = z.infer<typeof consolePropertySchema>;

/** A property as staff see it: with the customer it belongs to. */
export const staffPropertySchema = z.extend(propertySchema, { customerId: z.string(), customerName: z.string() });

/** A property's point on the map. */
export const pointSchema = z.object({ lat: z.number(), lng: z.number() });

/** PUT /api/admin/properties/{id}/location: typed, or the device's location read on the site. */
export const locationInputSchema = z.object(
  {
    lat: z
      .number({ error: 'Latitude must be a number' })
      .check(z.gte(-90, 'Latitude must be between -90 and 90'), z.lte(90, 'Latitude must be between -90 and 90')),
    lng: z
      .number({ error: 'Longitude must be a number' })
      .check(z.gte(-180, 'Longitude must be between -180 and 180'), z.lte(180, 'Longitude must be between -180 and 180')),
    source: z.enum(['typed', 'device'], { error: 'Say where the location came from: typed or device' }),
  },
  notAnObject,
);
export type LocationInput = z.output<typeof locationInputSchema>;

/**
 * POST /api/admin/properties/{id}/location/confirm: the proposed point the staff member saw, so a
 * proposal that changed meanwhile is not confirmed unseen.
 */
export const locationConfirmSchema = z.object(
  {
    lat: z.number({ error: 'Send the proposed latitude you are confirming' }),
    lng: z.number({ error: 'Send the proposed longitude you are confirming' }),
  },
  notAnObject,
);

/** GET /api/admin/properties/{id}: the property page. Coordinates are for staff only. */
export const propertyDetailSchema = z.object({
  property: staffPropertySchema,
  location: z.nullable(z.extend(pointSchema, { source: z.nullable(z.enum(LOCATION_SOURCES)) })),
  /** A location proposed by a crew check-in at a property without one, waiting for staff to confirm it. */
  proposedLocation: z.nullable(z.extend(pointSchema, { visitId: z.nullable(z.string()) })),
  /** Opens the maps app at the property (its point when known, else its address). */
  mapsLink: z.string(),
  /** Whose sales tax applies, and its combined rate under the current settings (basis points). */
  salesTax: z.object({ jurisdiction: z.enum(TAX_JURISDICTIONS), rateBp: z.int() }),
  plans: z.array(planSchema),
});
export type PropertyDetail = z.output<typeof propertyDetailSchema>;

/** GET /api/properties/{id}/photos: a photo, newest first (SPEC §3). */
export const propertyPhotoSchema = z.object({
  id: z.string(),
  /** The 1200 px WebP (or the largest below it). */
  imageUrl: z.string(),
  /** Every variant, for <img srcset>. */
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
  caption: z.string(),
  uploadDate: z.string(),
  /** When the photo was taken, if known (ISO 8601). */
  takenAt: z.nullable(z.string()),
  photoType: z.string(),
  /** The largest stored variant as a file download (Content-Disposition: attachment), authorized like the images. */
  downloadUrl: z.string(),
});
export type PropertyPhoto = z.infer<typeof propertyPhotoSchema>;

/** A photo file's path: the photo's id and the variant, such as 1200.webp. */
export const photoFileParamsSchema = z.object({ id: z.uuid(), file: z.string().check(z.regex(/^\d{2,4}\.webp$/)) });
