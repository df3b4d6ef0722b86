import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod/mini';
import { customerInputSchema, photoFieldsSchema, propertyInputSchema, takenAtSchema, userInputSchema } from '../../shared/staff-schemas';
import type { Db } from '../db/database';
import { findUserByEmail } from '../modules/accounts/sign-in-links';
import { addCustomerUser, setCustomerUser } from '../modules/accounts/users.service';
import { customerValues, findCustomerByEmail, insertCustomer, setCustomer } from '../modules/customers/customers.service';
import { addPhoto } from '../modules/photos/add-photo';
import { findPropertyByName, insertProperty, propertyValues, setProperty } from '../modules/properties/properties.service';
import type { PhotoStorage } from '../modules/photos/photo-store';

/**
 * The import file's format (documented in docs/import-format.md): the console's own
 * schemas for customers, their users and properties (so an import obeys the same rules,
 * the fixed list of property types included), plus each property's photos.
 */
export const importSchema = z.object({
  customers: z.array(
    z.extend(customerInputSchema, {
      users: z.optional(z.array(userInputSchema)),
      properties: z.optional(
        z.array(
          z.extend(propertyInputSchema, {
            photos: z.optional(
              z.array(
                z.object({
                  file: z.string().check(z.trim(), z.minLength(1, 'file is required'), z.maxLength(500)),
                  caption: photoFieldsSchema.shape.caption,
                  photoType: photoFieldsSchema.shape.photoType,
                  takenAt: z.optional(takenAtSchema),
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

/** An import refused before anything was written, with each problem at its place in the file. */
export class ImportRefusedError extends Error {
  constructor(readonly problems: string[]) {
    super(`Nothing was imported. The file lists people the console would refuse:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ImportRefusedError';
  }
}

export interface ImportReport {
  customers: { created: number; updated: number; unchanged: number };
  users: { created: number; updated: number; unchanged: number };
  properties: { created: number; updated: number; unchanged: number };
  photos: { created: number; unchanged: number };
}

const emptyCounts = () => ({ created: 0, updated: 0, unchanged: 0 });

/** Inserts or updates one row keyed by `where`, and says which it did. */
async function upsert<T extends Record<string, unknown>>(
  find: () => Promise<(T & { id: string }) | null | undefined>,
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
 * The people the file lists who already sign in as staff or for another customer, or whom
 * it lists twice: the console would refuse to add them ("Someone already signs in with this
 * email"), and an import never moves a person between companies or out of the staff.
 */
async function peopleItWouldMove(db: Db, data: ImportFile): Promise<string[]> {
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const [i, customer] of data.customers.entries()) {
    const existingCustomer = await findCustomerByEmail(db, customer.email);
    for (const [j, user] of (customer.users ?? []).entries()) {
      const where = `customers.${i}.users.${j}.email`;
      const email = user.email.toLowerCase();
      if (listed.has(email)) problems.push(`${where}: ${user.email} is listed twice`);
      listed.add(email);
      const existing = await findUserByEmail(db, user.email);
      if (existing && existing.role !== 'customer') problems.push(`${where}: ${user.email} signs in as staff`);
      else if (existing && existing.customerId !== existingCustomer?.id)
        problems.push(`${where}: ${user.email} signs in for another customer`);
    }
  }
  return problems;
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
  const problems = await peopleItWouldMove(db, data);
  if (problems.length) throw new ImportRefusedError(problems);
  for (const { users, properties, ...customer } of data.customers) {
    const { email, ...customerFields } = customerValues(customer);
    const customerId = await upsert(
      () => findCustomerByEmail(db, email),
      customerFields,
      () => insertCustomer(db, { email, ...customerFields }),
      (id) => setCustomer(db, id, customerFields),
      report.customers,
    );

    for (const user of users ?? []) {
      const userFields = { firstName: user.firstName || null, lastName: user.lastName || null, role: 'customer' as const, customerId };
      await upsert(
        async () => (await findUserByEmail(db, user.email)) ?? undefined,
        userFields,
        async () => (await addCustomerUser(db, customerId, user)).id,
        (id) => setCustomerUser(db, id, userFields),
        report.users,
      );
    }

    for (const { photos, ...property } of properties ?? []) {
      const { name, ...propertyFields } = propertyValues(property);
      const propertyId = await upsert(
        () => findPropertyByName(db, customerId, name),
        propertyFields,
        () => insertProperty(db, customerId, { name, ...propertyFields }),
        (id) => setProperty(db, id, { name, ...propertyFields }),
        report.properties,
      );

      for (const photo of photos ?? []) {
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
          // Left out, the date comes from the photo's EXIF data, as for an upload in the console.
          takenAt: photo.takenAt,
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
