import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { CustomerDetail, CustomerSummary } from '../../../shared/api/customers';
import type { CustomerCreateInput, CustomerInput } from '../../../shared/staff-schemas';
import { inTransaction, type Executor } from '../../db/executor';
import { likePattern } from '../../db/like';
import { customers, quoteRequests, users } from '../../db/schema';
import { ConflictError, RequestError, NotFoundError, unlessDuplicate } from '../../errors';
import { insertCustomerUser, normalizeEmail } from '../accounts';
import { consolePropertiesOfCustomer, createProperty } from '../properties';

const LIST_MAX = 200;
const DUPLICATE_EMAIL = 'A customer with this email already exists';

/** A customer's stored values: e-mail lower-cased, blank optional fields as null. */
export const customerValues = (input: CustomerInput) => ({
  name: input.name,
  contactName: input.contactName || null,
  email: normalizeEmail(input.email),
  phone: input.phone || null,
  address: input.address || null,
});

/** Customers by name, with how many properties and users each has; `q` searches name, e-mail and phone. */
export async function searchCustomers(db: Executor, q?: string): Promise<CustomerSummary[]> {
  const pattern = q ? likePattern(q) : null;
  return db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      prospect: customers.prospect,
      // Written out in full: inside a subquery, unqualified column names would bind to the inner table.
      propertyCount: sql<number>`(select count(*) from "properties" where "properties"."customer_id" = "customers"."id")::int`,
      userCount: sql<number>`(select count(*) from "users" where "users"."customer_id" = "customers"."id")::int`,
    })
    .from(customers)
    .where(pattern ? or(ilike(customers.name, pattern), ilike(customers.email, pattern), ilike(customers.phone, pattern)) : undefined)
    .orderBy(asc(customers.name))
    .limit(LIST_MAX);
}

const REQUEST_GONE = 'That quote request no longer exists';
const REQUEST_TAKEN = 'A customer was already made from this quote request';

/**
 * Adds a customer, with its portal user and first property when given. Made from a quote request,
 * the request is linked to it and marked won in the same transaction: all are stored or none, and
 * a request makes at most one customer. The portal user is not invited (nor sent report e-mails)
 * until staff invite them.
 */
export async function createCustomer(db: Executor, input: CustomerCreateInput): Promise<{ id: string }> {
  const { quoteRequestId, user, property, ...fields } = input;
  return unlessDuplicate('email', DUPLICATE_EMAIL, () =>
    inTransaction(db, async (tx) => {
      if (quoteRequestId) {
        // Locked, so two people pressing "Create customer" at once cannot both link it.
        const [request] = await tx
          .select({ customerId: quoteRequests.customerId })
          .from(quoteRequests)
          .where(eq(quoteRequests.id, quoteRequestId))
          .for('update');
        if (!request) throw new RequestError(400, REQUEST_GONE, { quoteRequestId: REQUEST_GONE });
        if (request.customerId) throw new ConflictError('quoteRequestId', REQUEST_TAKEN);
      }
      const [row] = await tx.insert(customers).values(customerValues(fields)).returning({ id: customers.id });
      if (user) await insertCustomerUser(tx, row!.id, user, 'user.email');
      if (property) await createProperty(tx, row!.id, property);
      if (quoteRequestId) {
        await tx
          .update(quoteRequests)
          .set({ customerId: row!.id, status: 'won' })
          .where(and(eq(quoteRequests.id, quoteRequestId), isNull(quoteRequests.customerId)));
      }
      return row!;
    }),
  );
}

export async function updateCustomer(db: Executor, id: string, input: CustomerInput): Promise<{ id: string }> {
  return unlessDuplicate('email', DUPLICATE_EMAIL, async () => {
    const [row] = await db.update(customers).set(customerValues(input)).where(eq(customers.id, id)).returning({ id: customers.id });
    if (!row) throw new NotFoundError();
    return row;
  });
}

/** A customer with the people who sign in for it and its properties. */
export async function customerDetail(db: Executor, id: string): Promise<CustomerDetail> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!customer) throw new NotFoundError();
  const [userRows, propertyRows, requestRows] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        disabled: sql<boolean>`${users.disabledAt} is not null`,
        invited: sql<boolean>`${users.invitedAt} is not null`,
      })
      .from(users)
      .where(eq(users.customerId, customer.id))
      .orderBy(users.email),
    consolePropertiesOfCustomer(db, customer.id),
    db
      .select({
        id: quoteRequests.id,
        name: quoteRequests.name,
        email: quoteRequests.email,
        service: quoteRequests.service,
        submittedAt: quoteRequests.submittedAt,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.customerId, customer.id))
      .orderBy(desc(quoteRequests.submittedAt)),
  ]);
  return {
    customer: {
      id: customer.id,
      name: customer.name,
      contactName: customer.contactName,
      email: customer.email,
      phone: customer.phone,
      address: customer.address,
      prospect: customer.prospect,
    },
    users: userRows,
    properties: propertyRows,
    quoteRequests: requestRows.map((row) => ({ ...row, submittedAt: row.submittedAt.toISOString() })),
  };
}

/** The customer's id, or NotFoundError. */
export async function requireCustomer(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw new NotFoundError();
  return row.id;
}

/** A person who signs in for a customer company; not e-mailed reports until invited. */
export async function addCustomerUser(
  db: Executor,
  customerId: string,
  input: { email: string; firstName?: string | null; lastName?: string | null },
): Promise<{ id: string }> {
  await requireCustomer(db, customerId);
  return insertCustomerUser(db, customerId, input);
}

/** For the import: the customer with this e-mail, if any. */
export async function findCustomerByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(eq(customers.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

/**
 * A prospect for a quote request's free property visit (issue 24): the request's company, person,
 * e-mail and phone, with no portal users. Accepting an estimate makes it a customer (`becomeCustomer`).
 */
export async function insertProspect(
  db: Executor,
  values: { name: string; contactName: string; email: string; phone: string | null },
): Promise<string> {
  const [row] = await db
    .insert(customers)
    .values({ ...values, email: normalizeEmail(values.email), prospect: true })
    .returning({ id: customers.id });
  return row!.id;
}

/** A prospect whose estimate was accepted is a customer from now on (a customer stays one). */
export async function becomeCustomer(db: Executor, id: string): Promise<void> {
  await db
    .update(customers)
    .set({ prospect: false })
    .where(and(eq(customers.id, id), eq(customers.prospect, true)));
}

export async function insertCustomer(db: Executor, values: ReturnType<typeof customerValues>): Promise<string> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  return row!.id;
}

export async function setCustomer(db: Executor, id: string, values: Partial<ReturnType<typeof customerValues>>): Promise<void> {
  await db.update(customers).set(values).where(eq(customers.id, id));
}
