import multipart from '@fastify/multipart';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import type { StaffCustomerDetail, StaffCustomerSummary } from '../../shared/portal-types';
import { fieldErrors } from '../../shared/field-errors';
import { storableText } from '../../shared/storable-text';
import {
  customerInputSchema,
  type CustomerInput,
  photoFieldsSchema,
  propertyInputSchema,
  userInputSchema,
} from '../../shared/staff-schemas';
import { createSignInLink, findUserByEmail, normalizeEmail } from '../modules/accounts/sign-in-links';
import { customers, photos, properties, propertyFields, users } from '../db/schema';
import { invitationEmail } from '../mail/templates';
import { addPhoto } from '../photos/add-photo';
import { MAX_UPLOAD_BYTES, PhotoRejectedError } from '../photos/photo-store';
import { isUuid } from '../uuid';

const notFound = { message: 'Not found' };
const searchSchema = z.optional(
  z
    .string({ error: 'Give one search text (q)' })
    .check(z.trim(), z.maxLength(100, 'Search for at most 100 characters'), storableText('The search text contains an invalid character')),
);
const UNIQUE_VIOLATION = '23505';

function invalid(reply: FastifyReply, issues: Parameters<typeof fieldErrors>[0]) {
  const errors = fieldErrors(issues);
  return reply.code(400).send({ message: Object.values(errors).join('; '), errors });
}

const duplicateEmail = { field: 'email', message: 'A customer with this email already exists' };
const duplicatePropertyName = { field: 'name', message: 'This customer already has a property with this name' };

/** Runs a write; a unique-constraint violation becomes 409 with the field's message. */
async function unlessDuplicate(reply: FastifyReply, duplicate: { field: string; message: string }, write: () => Promise<unknown>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      return reply.code(409).send({ message: duplicate.message, errors: { [duplicate.field]: duplicate.message } });
    throw error;
  }
}

/** A customer's stored values: e-mail lower-cased, blank optional fields as null. */
const customerValues = (input: CustomerInput) => ({
  ...input,
  email: normalizeEmail(input.email),
  phone: input.phone || null,
  address: input.address || null,
});

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/** Staff console: customers, their sign-in users, properties and photos. Staff only. */
const staffCustomers: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  app.addHook('preHandler', app.requireStaff);

  app.get<{ Querystring: { q?: string } }>('/api/admin/customers', async (request, reply) => {
    const q = searchSchema.safeParse(request.query.q);
    if (!q.success) return reply.code(400).send({ message: q.error.issues[0]!.message });
    const pattern = q.data ? `%${q.data.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await app.db
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
      .limit(200);
    return rows satisfies StaffCustomerSummary[];
  });

  app.post('/api/admin/customers', async (request, reply) => {
    const parsed = customerInputSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    return unlessDuplicate(reply, duplicateEmail, async () => {
      const [row] = await app.db.insert(customers).values(customerValues(parsed.data)).returning({ id: customers.id });
      return reply.code(201).send(row);
    });
  });

  app.get<{ Params: { id: string } }>('/api/admin/customers/:id', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const [customer] = await app.db.select().from(customers).where(eq(customers.id, request.params.id)).limit(1);
    if (!customer) return reply.code(404).send(notFound);
    const [userRows, propertyRows] = await Promise.all([
      app.db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.customerId, customer.id))
        .orderBy(users.email),
      app.db.select(propertyFields).from(properties).where(eq(properties.customerId, customer.id)).orderBy(properties.name),
    ]);
    const detail: StaffCustomerDetail = {
      customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone, address: customer.address },
      users: userRows,
      properties: propertyRows,
    };
    return detail;
  });

  app.patch<{ Params: { id: string } }>('/api/admin/customers/:id', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const parsed = customerInputSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    return unlessDuplicate(reply, duplicateEmail, async () => {
      const [row] = await app.db
        .update(customers)
        .set(customerValues(parsed.data))
        .where(eq(customers.id, request.params.id))
        .returning({ id: customers.id });
      return row ? row : reply.code(404).send(notFound);
    });
  });

  app.post<{ Params: { id: string } }>('/api/admin/customers/:id/users', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const parsed = userInputSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const [customer] = await app.db.select({ id: customers.id }).from(customers).where(eq(customers.id, request.params.id)).limit(1);
    if (!customer) return reply.code(404).send(notFound);
    if (await findUserByEmail(app.db, parsed.data.email)) {
      return reply
        .code(409)
        .send({ message: 'Someone already signs in with this email', errors: { email: 'Someone already signs in with this email' } });
    }
    const [row] = await app.db
      .insert(users)
      .values({
        email: normalizeEmail(parsed.data.email),
        firstName: parsed.data.firstName || null,
        lastName: parsed.data.lastName || null,
        role: 'customer',
        customerId: customer.id,
      })
      .returning({ id: users.id });
    return reply.code(201).send(row);
  });

  /** Sends a user an invitation: a sign-in link by e-mail. */
  app.post<{ Params: { id: string } }>('/api/admin/users/:id/invite', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const [user] = await app.db.select().from(users).where(eq(users.id, request.params.id)).limit(1);
    if (!user) return reply.code(404).send(notFound);
    const link = await createSignInLink(app.db, app.config.appUrl, user.id, '/customer-dashboard');
    await app.mail.send(invitationEmail({ to: user.email, firstName: user.firstName, link }));
    return reply.code(202).send({ message: `Invitation sent to ${user.email}` });
  });

  app.post<{ Params: { id: string } }>('/api/admin/customers/:id/properties', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const parsed = propertyInputSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const [customer] = await app.db.select({ id: customers.id }).from(customers).where(eq(customers.id, request.params.id)).limit(1);
    if (!customer) return reply.code(404).send(notFound);
    return unlessDuplicate(reply, duplicatePropertyName, async () => {
      const [row] = await app.db
        .insert(properties)
        .values({ ...parsed.data, state: parsed.data.state.toUpperCase(), customerId: customer.id })
        .returning({ id: properties.id });
      return reply.code(201).send(row);
    });
  });

  app.patch<{ Params: { id: string } }>('/api/admin/properties/:id', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const parsed = propertyInputSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    return unlessDuplicate(reply, duplicatePropertyName, async () => {
      const [row] = await app.db
        .update(properties)
        .set({ ...parsed.data, state: parsed.data.state.toUpperCase() })
        .where(eq(properties.id, request.params.id))
        .returning({ id: properties.id });
      return row ? row : reply.code(404).send(notFound);
    });
  });

  app.delete<{ Params: { id: string } }>('/api/admin/properties/:id', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const stored = await app.db.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.propertyId, request.params.id));
    const [row] = await app.db.delete(properties).where(eq(properties.id, request.params.id)).returning({ id: properties.id });
    if (!row) return reply.code(404).send(notFound);
    for (const photo of stored) await app.photoStorage.remove(photo.storageKey);
    return reply.code(204).send();
  });

  const tooLargeMessage = `Photos must be ${MAX_UPLOAD_BYTES / 1024 / 1024} MB or smaller.`;
  /** Room for the multipart boundaries, part headers and the two short fields around the file. */
  const UPLOAD_FORM_ALLOWANCE_BYTES = 64 * 1024;

  /** One photo per request (multipart: file, photoType, caption), so each file succeeds or fails on its own. */
  app.post<{ Params: { id: string } }>('/api/admin/properties/:id/photos', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const [property] = await app.db.select({ id: properties.id }).from(properties).where(eq(properties.id, request.params.id)).limit(1);
    if (!property) return reply.code(404).send(notFound);
    if (!request.isMultipart()) return reply.code(415).send({ message: 'Send the photo as multipart/form-data' });
    // A body that says it is too large is refused before a byte of it is read; one that
    // does not say (chunked) is cut off by the multipart fileSize limit as it streams.
    if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES + UPLOAD_FORM_ALLOWANCE_BYTES) {
      return reply.code(413).send({ message: tooLargeMessage });
    }
    // The file is read into memory (sharp needs all of it), at most MAX_UPLOAD_BYTES; it never
    // touches the disk, and its name is never used.
    let file: Awaited<ReturnType<typeof request.file>>;
    let data: Buffer;
    try {
      file = await request.file({ limits: { fieldSize: 4 * 1024, parts: 8 } });
      if (!file) return reply.code(400).send({ message: 'Choose a photo to upload' });
      data = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ message: tooLargeMessage });
      if ((error as { statusCode?: number }).statusCode) throw error;
      // busboy's own errors (a cut-off or malformed body) carry no status.
      return reply.code(400).send({ message: 'The upload was cut off or is not valid multipart/form-data. Please try again.' });
    }
    if (file.file.truncated) return reply.code(413).send({ message: tooLargeMessage });
    const fields = photoFieldsSchema.safeParse({
      photoType: (file.fields.photoType as { value?: string } | undefined)?.value,
      caption: (file.fields.caption as { value?: string } | undefined)?.value,
    });
    if (!fields.success) return invalid(reply, fields.error.issues);
    try {
      const result = await addPhoto(app.db, app.photoStorage, {
        propertyId: property.id,
        data,
        caption: fields.data.caption ?? '',
        photoType: fields.data.photoType,
      });
      return reply.code(result.created ? 201 : 200).send({ id: result.id, created: result.created });
    } catch (error) {
      if (error instanceof PhotoRejectedError) return reply.code(error.statusCode).send({ message: error.message });
      throw error;
    }
  });

  app.delete<{ Params: { id: string } }>('/api/admin/photos/:id', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    const [row] = await app.db.delete(photos).where(eq(photos.id, request.params.id)).returning({ storageKey: photos.storageKey });
    if (!row) return reply.code(404).send(notFound);
    await app.photoStorage.remove(row.storageKey);
    return reply.code(204).send();
  });
};

export default staffCustomers;
