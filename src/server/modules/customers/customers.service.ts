import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { StaffCustomerDetail, StaffCustomerSummary } from '../../../shared/portal-types';
import type { CustomerInput } from '../../../shared/staff-schemas';
import type { Db } from '../../db/database';
import { likePattern } from '../../db/like';
import { customers, users } from '../../db/schema';
import { NotFoundError, unlessDuplicate } from '../../errors';
import { normalizeEmail } from '../accounts/sign-in-links';
import { propertiesOfCustomer } from '../properties/properties.service';

const LIST_MAX = 200;
const DUPLICATE_EMAIL = 'A customer with this email already exists';

/** A customer's stored values: e-mail lower-cased, blank optional fields as null. */
export const customerValues = (input: CustomerInput) => ({
  name: input.name,
  email: normalizeEmail(input.email),
  phone: input.phone || null,
  address: input.address || null,
});

/** Customers by name, with how many properties and users each has; `q` searches name, e-mail and phone. */
export async function searchCustomers(db: Db, q?: string): Promise<StaffCustomerSummary[]> {
  const pattern = q ? likePattern(q) : null;
  return db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      // Written out in full: inside a subquery, unqualified column names would bind to the inner table.
      propertyCount: sql<number>`(select count(*) from "properties" where "properties"."customer_id" = "customers"."id")::int`,
      userCount: sql<number>`(select count(*) from "users" where "users"."customer_id" = "customers"."id")::int`,
    })
    .from(customers)
    .where(pattern ? or(ilike(customers.name, pattern), ilike(customers.email, pattern), ilike(customers.phone, pattern)) : undefined)
    .orderBy(asc(customers.name))
    .limit(LIST_MAX);
}

export async function createCustomer(db: Db, input: CustomerInput): Promise<{ id: string }> {
  return unlessDuplicate('email', DUPLICATE_EMAIL, async () => {
    const [row] = await db.insert(customers).values(customerValues(input)).returning({ id: customers.id });
    return row!;
  });
}

export async function updateCustomer(db: Db, id: string, input: CustomerInput): Promise<{ id: string }> {
  return unlessDuplicate('email', DUPLICATE_EMAIL, async () => {
    const [row] = await db.update(customers).set(customerValues(input)).where(eq(customers.id, id)).returning({ id: customers.id });
    if (!row) throw new NotFoundError();
    return row;
  });
}

/** A customer with the people who sign in for it and its properties. */
export async function customerDetail(db: Db, id: string): Promise<StaffCustomerDetail> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!customer) throw new NotFoundError();
  const [userRows, propertyRows] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.customerId, customer.id))
      .orderBy(users.email),
    propertiesOfCustomer(db, customer.id),
  ]);
  return {
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone, address: customer.address },
    users: userRows,
    properties: propertyRows,
  };
}

/** The customer's id, or NotFoundError. */
export async function requireCustomer(db: Db, id: string): Promise<string> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw new NotFoundError();
  return row.id;
}

/** For the import: the customer with this e-mail, if any. */
export async function findCustomerByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(eq(customers.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function insertCustomer(db: Db, values: ReturnType<typeof customerValues>): Promise<string> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  return row!.id;
}

export async function setCustomer(db: Db, id: string, values: Partial<ReturnType<typeof customerValues>>): Promise<void> {
  await db.update(customers).set(values).where(eq(customers.id, id));
}
