import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { PHOTO_TYPES } from '../../shared/portal-types';
import { normalizeEmail } from '../modules/accounts/sign-in-links';
import type { Db } from '../db/database';
import { customers, properties, users } from '../db/schema';
import { addPhoto } from '../modules/photos/add-photo';
import type { PhotoStorage } from '../modules/photos/photo-store';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

/** The import file's format (documented in docs/import-format.md). */
export const importSchema = z.object({
  customers: z.array(
    z.object({
      name: text(200),
      email: z.string().check(z.trim(), z.email()),
      phone: optionalText(40),
      address: optionalText(300),
      users: z.optional(
        z.array(z.object({ email: z.string().check(z.trim(), z.email()), firstName: optionalText(100), lastName: optionalText(100) })),
      ),
      properties: z.optional(
        z.array(
          z.object({
            name: text(200),
            address: text(300),
            city: text(100),
            state: text(2),
            zipCode: z.string().check(z.regex(/^\d{5}(-\d{4})?$/, 'zipCode must be 5 digits (or ZIP+4)')),
            propertyType: text(100),
            photos: z.optional(
              z.array(
                z.object({
                  file: text(500),
                  caption: z.optional(z.string().check(z.maxLength(500))),
                  photoType: z.enum(PHOTO_TYPES),
                  takenAt: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/, 'takenAt must be a date such as 2026-10-02'))),
                }),
              ),
            ),
          }),
        ),
      ),
    }),
  ),
});
export type ImportFile = z.infer<typeof importSchema>;

export interface ImportReport {
  customers: { created: number; updated: number; unchanged: number };
  users: { created: number; updated: number; unchanged: number };
  properties: { created: number; updated: number; unchanged: number };
  photos: { created: number; unchanged: number };
}

const emptyCounts = () => ({ created: 0, updated: 0, unchanged: 0 });

/** Inserts or updates one row keyed by `where`, and says which it did. */
async function upsert<T extends Record<string, unknown>>(
  find: () => Promise<(T & { id: string }) | undefined>,
  values: Partial<T>,
  insert: () => Promise<string>,
  update: (id: string) => Promise<void>,
  counts: { created: number; updated: number; unchanged: number },
): Promise<string> {
  const existing = await find();
  if (!existing) {
    counts.created++;
    return insert();
  }
  const changed = Object.entries(values).some(([key, value]) => (existing[key] ?? null) !== (value ?? null));
  if (changed) {
    await update(existing.id);
    counts.updated++;
  } else counts.unchanged++;
  return existing.id;
}

/**
 * Creates or updates customers, their users, properties and photos. Customers and
 * users are keyed by e-mail, properties by customer and name, photos by property
 * and file content, so running the same file twice reports nothing new.
 * Photo paths are relative to `baseDir` (the JSON file's folder).
 */
export async function importPortalData(db: Db, storage: PhotoStorage, data: ImportFile, baseDir: string): Promise<ImportReport> {
  const report: ImportReport = {
    customers: emptyCounts(),
    users: emptyCounts(),
    properties: emptyCounts(),
    photos: { created: 0, unchanged: 0 },
  };
  for (const customer of data.customers) {
    const email = normalizeEmail(customer.email);
    const customerValues = { name: customer.name, phone: customer.phone ?? null, address: customer.address ?? null };
    const customerId = await upsert(
      async () => (await db.select().from(customers).where(eq(customers.email, email)).limit(1))[0],
      customerValues,
      async () =>
        (
          await db
            .insert(customers)
            .values({ email, ...customerValues })
            .returning({ id: customers.id })
        )[0]!.id,
      async (id) => void (await db.update(customers).set(customerValues).where(eq(customers.id, id))),
      report.customers,
    );

    for (const user of customer.users ?? []) {
      const userEmail = normalizeEmail(user.email);
      const userValues = { firstName: user.firstName ?? null, lastName: user.lastName ?? null, role: 'customer' as const, customerId };
      await upsert(
        async () => (await db.select().from(users).where(eq(users.email, userEmail)).limit(1))[0],
        userValues,
        async () =>
          (
            await db
              .insert(users)
              .values({ email: userEmail, ...userValues })
              .returning({ id: users.id })
          )[0]!.id,
        async (id) => void (await db.update(users).set(userValues).where(eq(users.id, id))),
        report.users,
      );
    }

    for (const property of customer.properties ?? []) {
      const propertyValues = {
        address: property.address,
        city: property.city,
        state: property.state.toUpperCase(),
        zipCode: property.zipCode,
        propertyType: property.propertyType,
      };
      const propertyId = await upsert(
        async () =>
          (
            await db
              .select()
              .from(properties)
              .where(and(eq(properties.customerId, customerId), eq(properties.name, property.name)))
              .limit(1)
          )[0],
        propertyValues,
        async () =>
          (
            await db
              .insert(properties)
              .values({ customerId, name: property.name, ...propertyValues })
              .returning({ id: properties.id })
          )[0]!.id,
        async (id) => void (await db.update(properties).set(propertyValues).where(eq(properties.id, id))),
        report.properties,
      );

      for (const photo of property.photos ?? []) {
        const file = path.resolve(baseDir, photo.file);
        let data: Buffer;
        try {
          data = await readFile(file);
        } catch {
          throw new Error(`Photo file not found: ${photo.file} (looked for ${file})`);
        }
        const result = await addPhoto(db, storage, {
          propertyId,
          data,
          caption: photo.caption ?? '',
          photoType: photo.photoType,
          takenAt: photo.takenAt ? new Date(photo.takenAt) : null,
        }).catch((error: Error) => {
          throw new Error(`${photo.file}: ${error.message}`);
        });
        if (result.created) report.photos.created++;
        else report.photos.unchanged++;
      }
    }
  }
  return report;
}
