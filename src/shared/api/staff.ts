import { z } from 'zod/mini';
import { STAFF_ROLES } from '../policy';

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
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
