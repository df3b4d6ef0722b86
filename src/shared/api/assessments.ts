import { z } from 'zod/mini';
import { VISIT_STATUSES } from '../visits';
import { propertyInputSchema, required } from '../staff-schemas';
import { windowSchema } from './plans';
import { oneOffVisitSchema } from './schedule';

/**
 * POST /api/admin/quote-requests/{id}/assessments: the prospect's free property visit put on the
 * schedule before any customer exists (issue 24). The request's company (a prospect, made now unless
 * the request already has a customer), the site to visit, and the visit's day, window, crew and
 * instructions. The crew does it on the phone page like any visit; its photos go on the estimate.
 */
export const assessmentInputSchema = z.extend(
  z.pick(oneOffVisitSchema, { date: true, window: true, crewUserIds: true, instructions: true }),
  {
    /** The prospect's company: the name the estimate and, once accepted, the customer take. */
    companyName: required('Company name', 200),
    property: propertyInputSchema,
  },
);
export type AssessmentInput = z.output<typeof assessmentInputSchema>;
export type AssessmentFormValues = z.input<typeof assessmentInputSchema>;

/** A quote request's property visit, as its card lists it. */
export const assessmentSchema = z.object({
  visitId: z.string(),
  customerId: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  address: z.string(),
  date: z.string(),
  window: z.nullable(windowSchema),
  status: z.enum(VISIT_STATUSES),
  crewNames: z.array(z.string()),
  /** The crew's note at the end of the visit: what staff read before pricing. */
  note: z.string(),
  photoCount: z.number(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

/** A photo from a prospect's property visit that staff may put on the estimate. */
export const assessmentPhotoSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  caption: z.string(),
  takenAt: z.nullable(z.string()),
  width: z.number(),
  height: z.number(),
  /** The WebP widths stored, ascending: `/api/photos/{id}/{width}.webp`. */
  variantWidths: z.array(z.number()),
});
export type AssessmentPhoto = z.infer<typeof assessmentPhotoSchema>;
