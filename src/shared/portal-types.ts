/**
 * The portal's and console's constants. The shapes of the API's answers are zod
 * contracts in `api/` (one file per resource); the types below are those, by the
 * names the client uses.
 */
import type { z } from 'zod/mini';
import type { authResponseSchema } from './api/accounts';
import type { customerDetailSchema, customerSummarySchema, customerUserSchema } from './api/customers';
import type { propertyPhotoSchema, propertySchema } from './api/properties';

/** GET /api/auth/user */
export type AuthResponse = z.infer<typeof authResponseSchema>;
export type AuthUser = AuthResponse['user'];
export type AuthCustomer = NonNullable<AuthResponse['customer']>;

/** GET /api/customer/properties */
export type Property = z.infer<typeof propertySchema>;

export const PHOTO_TYPES = ['before', 'after', 'other'] as const;

/** GET /api/properties/:id/photos, newest first. */
export type PropertyPhoto = z.infer<typeof propertyPhotoSchema>;

/** POST /api/auth/sign-in-link answers this whether or not the address has an account (the screen's heading says "Check your email"). */
export const CHECK_EMAIL_MESSAGE = 'If that address has an account with us, a sign-in link is on its way.';

export type SignInLinkProblem = 'expired' | 'used' | 'invalid';

/** Property types offered in the staff console's property form (and required by the import). */
export const PROPERTY_TYPES = ['Retail Center', 'Office', 'Industrial', 'Parking Lot', 'Multi-Family', 'Other'] as const;

/** Staff console: a customer in the list. */
export type StaffCustomerSummary = z.infer<typeof customerSummarySchema>;
export type StaffUser = z.infer<typeof customerUserSchema>;
export type StaffCustomerDetail = z.infer<typeof customerDetailSchema>;
