/** Shapes of the customer portal's API answers (SPEC §3), shared by server and client. */
import type { Role } from './policy';

export interface AuthUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

export interface AuthCustomer {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
}

/** GET /api/auth/user */
export interface AuthResponse {
  user: AuthUser;
  customer: AuthCustomer | null;
}

/** GET /api/customer/properties */
export interface Property {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  propertyType: string;
}

export const PHOTO_TYPES = ['before', 'after', 'other'] as const;

/** GET /api/properties/:id/photos, newest first. */
export interface PropertyPhoto {
  id: string;
  /** The 1200 px WebP (or the largest below it). */
  imageUrl: string;
  /** Every variant, for <img srcset>. */
  srcSet: string;
  width: number;
  height: number;
  caption: string;
  uploadDate: string;
  photoType: string;
}

/** POST /api/auth/sign-in-link answers this whether or not the address has an account. */
export const CHECK_EMAIL_MESSAGE = 'Check your email: if that address belongs to a customer account, a sign-in link is on its way.';

export type SignInLinkProblem = 'expired' | 'used' | 'invalid';

/** Property types offered in the staff console's property form. */
export const PROPERTY_TYPES = ['Retail Center', 'Office', 'Industrial', 'Parking Lot', 'Multi-Family', 'Other'] as const;

/** Staff console: a customer in the list. */
export interface StaffCustomerSummary {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  propertyCount: number;
  userCount: number;
}

export interface StaffUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface StaffCustomerDetail {
  customer: { id: string; name: string; email: string; phone: string | null; address: string | null };
  users: StaffUser[];
  properties: Property[];
}
