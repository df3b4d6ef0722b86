import { z } from 'zod/mini';
import { searchTextSchema } from './common';
import { consolePropertySchema } from './properties';

/** GET /api/admin/customers: a customer in the list. */
export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  propertyCount: z.number(),
  userCount: z.number(),
  /** Only a free property visit so far (issue 24): a customer once an estimate is accepted. */
  prospect: z.boolean(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** Someone who signs in for a customer. */
export const customerUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  /** Switched off by staff: cannot sign in to the portal. */
  disabled: z.boolean(),
  /** Invited to the portal (or signed in) already; until then no report e-mail goes to them. */
  invited: z.boolean(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

/** GET /api/admin/customers/{id}: a customer with its users and properties. */
export const customerDetailSchema = z.object({
  customer: z.object({
    id: z.string(),
    name: z.string(),
    contactName: z.nullable(z.string()),
    email: z.string(),
    phone: z.nullable(z.string()),
    address: z.nullable(z.string()),
    prospect: z.boolean(),
  }),
  /** The quote requests this customer was made from (usually one), newest first. */
  quoteRequests: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), service: z.string(), submittedAt: z.string() })),
  users: z.array(customerUserSchema),
  properties: z.array(consolePropertySchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerSearchQuerySchema = z.object({ q: searchTextSchema });
