import { z } from 'zod/mini';

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
