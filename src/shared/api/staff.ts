import { z } from 'zod/mini';
import { STAFF_ROLES } from '../policy';
import { oneLineText, storableText } from '../storable-text';

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  /** How many passkeys they have: an owner or office member with none is asked to add one at their next sign-in. */
  passkeys: z.number(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** PATCH /api/admin/staff/{id}: a new role, or disabled (true) or enabled (false). */
export const staffChangeSchema = z
  .object({
    role: z.optional(z.enum(STAFF_ROLES, { error: `Choose a role: ${STAFF_ROLES.join(', ')}` })),
    disabled: z.optional(z.boolean({ error: 'disabled must be true or false' })),
  })
  .check(z.refine((change) => change.role !== undefined || change.disabled !== undefined, 'Send a role, or disabled true or false'));

/** PATCH /api/admin/customer-users/{id}: a customer's user switched off (true) or on (false). */
export const customerUserChangeSchema = z.object({ disabled: z.boolean({ error: 'disabled must be true or false' }) });

const INVALID_EMAIL = 'Please enter a valid email address';
const FIRST_NAME_REQUIRED = 'Please enter their first name';
/** POST /api/admin/staff: someone new, invited by e-mail to the console (owner, office) or the crew page (crew). */
export const staffInviteSchema = z.object({
  email: z.string({ error: INVALID_EMAIL }).check(z.trim(), z.maxLength(254, INVALID_EMAIL), z.email(INVALID_EMAIL)),
  firstName: z
    .string({ error: FIRST_NAME_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, FIRST_NAME_REQUIRED),
      z.maxLength(60, 'Please use at most 60 characters'),
      storableText('The first name contains an invalid character'),
      oneLineText('The first name'),
    ),
  lastName: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(60, 'Please use at most 60 characters'),
        storableText('The last name contains an invalid character'),
        oneLineText('The last name'),
      ),
  ),
  role: z.enum(STAFF_ROLES, { error: `Choose a role: ${STAFF_ROLES.join(', ')}` }),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;
