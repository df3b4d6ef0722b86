import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod/mini';
import { customerInputSchema, photoFieldsSchema, propertyInputSchema, takenAtSchema, userInputSchema } from '../../shared/staff-schemas';
import { endNotBeforeStart, planFields, type PlanInput } from '../../shared/api/plans';
import { describeRrule } from '../../shared/recurrence';
import { VISIT_HORIZON_WEEKS_DEFAULT } from '../../shared/visits';
import type { Db } from '../db/database';
import { findUserByEmail, setCustomerUser } from '../modules/accounts';
import { addCustomerUser, customerValues, findCustomerByEmail, insertCustomer, setCustomer } from '../modules/customers';
import { addPhoto, type PhotoStorage } from '../modules/photos';
import { findPropertyByName, insertProperty, propertyValues, setProperty } from '../modules/properties';
import { canonicalRrule, createPlan, findImportedPlan, importedPlansOf, planDiffers, saveCrewMember, updatePlan } from '../modules/plans';

const importEmail = userInputSchema.shape.email;

/** A property's location in the file: WGS 84 degrees. */
const importLocationSchema = z.object(
  {
    lat: z
      .number({ error: 'lat must be a number of degrees' })
      .check(z.gte(-90, 'lat must be between -90 and 90'), z.lte(90, 'lat must be between -90 and 90')),
    lng: z
      .number({ error: 'lng must be a number of degrees' })
      .check(z.gte(-180, 'lng must be between -180 and 180'), z.lte(180, 'lng must be between -180 and 180')),
  },
  { error: 'location is { "lat": 43.0, "lng": -88.0 }' },
);

/** A plan in the file: the console's fields, its crew by e-mail, and a name that defaults to the recurrence in words. */
const importPlanSchema = z
  .object({
    name: z.optional(planFields.name),
    rrule: planFields.rrule,
    startDate: planFields.startDate,
    endDate: planFields.endDate,
    window: planFields.window,
    checklist: planFields.checklist,
    crew: z.optional(z.array(importEmail)),
    instructions: planFields.instructions,
  })
  .check(endNotBeforeStart);

/**
 * The import file's format (documented in docs/import-format.md): the console's own
 * schemas for customers, their users and properties (so an import obeys the same rules,
 * the fixed list of property types included), each property's photos, location and
 * service plans, and the crew members the plans are assigned to.
 */
export const importSchema = z.object({
  crew: z.optional(z.array(userInputSchema)),
  customers: z.array(
    z.extend(customerInputSchema, {
      users: z.optional(z.array(userInputSchema)),
      properties: z.optional(
        z.array(
          z.extend(propertyInputSchema, {
            location: z.optional(importLocationSchema),
            plans: z.optional(z.array(importPlanSchema)),
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
    super(`Nothing was imported. The file lists what the console would refuse:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ImportRefusedError';
  }
}

export interface ImportReport {
  customers: { created: number; updated: number; unchanged: number };
  users: { created: number; updated: number; unchanged: number };
  properties: { created: number; updated: number; unchanged: number };
  photos: { created: number; unchanged: number };
  crew: { created: number; updated: number; unchanged: number };
  plans: { created: number; updated: number; unchanged: number };
}

export interface ImportOptions {
  /** Plans' visits are made this many weeks ahead (the server's VISIT_HORIZON_WEEKS). */
  horizonWeeks?: number;
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
  const crew = new Set<string>();
  for (const [i, member] of (data.crew ?? []).entries()) {
    const where = `crew.${i}.email`;
    const email = member.email.toLowerCase();
    if (listed.has(email)) problems.push(`${where}: ${member.email} is listed twice`);
    listed.add(email);
    crew.add(email);
    const existing = await findUserByEmail(db, member.email);
    if (existing && existing.role !== 'crew') problems.push(`${where}: ${member.email} already signs in as ${existing.role}`);
  }
  for (const [i, customer] of data.customers.entries()) {
    for (const [j, property] of (customer.properties ?? []).entries()) {
      for (const [k, plan] of (property.plans ?? []).entries()) {
        for (const [m, address] of (plan.crew ?? []).entries()) {
          const email = address.toLowerCase();
          if (crew.has(email)) continue;
          const existing = await findUserByEmail(db, address);
          if (existing?.role === 'crew') continue;
          problems.push(
            `customers.${i}.properties.${j}.plans.${k}.crew.${m}: ${address} is not a crew member (list them under "crew" to add them)`,
          );
        }
      }
    }
  }
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
 * Plans a run would make twice. A named plan is matched by its name, so renaming one in the
 * file would add a second plan beside it, with a second set of visits on the same days. A new
 * name whose rule and start date are those of a plan the property already has, under a name
 * the file does not list, is refused instead.
 */
async function plansItWouldDouble(db: Db, data: ImportFile): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, customer] of data.customers.entries()) {
    const customerRow = await findCustomerByEmail(db, customer.email);
    if (!customerRow) continue;
    for (const [j, property] of (customer.properties ?? []).entries()) {
      const propertyRow = await findPropertyByName(db, customerRow.id, propertyValues(property).name);
      if (!propertyRow) continue;
      const stored = await importedPlansOf(db, propertyRow.id);
      const named = new Set((property.plans ?? []).map((plan) => plan.name ?? describeRrule(plan.rrule)));
      for (const [k, plan] of (property.plans ?? []).entries()) {
        if (!plan.name || stored.some((row) => row.name === plan.name)) continue;
        const twin = stored.find(
          (row) => row.rrule === canonicalRrule(plan.rrule) && row.startDate === plan.startDate && !named.has(row.name),
        );
        if (twin) {
          problems.push(
            `customers.${i}.properties.${j}.plans.${k}.name: "${plan.name}" would be a second plan beside "${twin.name}", which has the same rule and start date. Use "${twin.name}" to update that plan, or rename it in the console first`,
          );
        }
      }
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
export async function importPortalData(
  db: Db,
  storage: PhotoStorage,
  data: ImportFile,
  baseDir: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const report: ImportReport = {
    customers: emptyCounts(),
    users: emptyCounts(),
    properties: emptyCounts(),
    photos: { created: 0, unchanged: 0 },
    crew: emptyCounts(),
    plans: emptyCounts(),
  };
  const problems = [...(await peopleItWouldMove(db, data)), ...(await plansItWouldDouble(db, data))];
  if (problems.length) throw new ImportRefusedError(problems);
  const horizon = { horizonWeeks: options.horizonWeeks ?? VISIT_HORIZON_WEEKS_DEFAULT, actorId: null };

  const crewIds = new Map<string, string>();
  for (const member of data.crew ?? []) {
    const saved = await saveCrewMember(db, member);
    report.crew[saved.outcome]++;
    crewIds.set(member.email.toLowerCase(), saved.id);
  }
  const crewIdOf = async (email: string) => crewIds.get(email.toLowerCase()) ?? (await findUserByEmail(db, email))!.id;

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

    for (const { photos, location, plans, ...property } of properties ?? []) {
      // A location in the file replaces the stored one; a file without one leaves it as staff set it.
      const { name, ...propertyFields } = {
        ...propertyValues(property),
        ...(location
          ? // It replaces a check-in's proposal too, as a location set in the console does.
            {
              latitude: location.lat,
              longitude: location.lng,
              locationSource: 'typed' as const,
              proposedLatitude: null,
              proposedLongitude: null,
              proposedByVisitId: null,
            }
          : {}),
      };
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

      // Through the console's own functions, so each plan's visits are made at once.
      for (const { crew, ...plan } of plans ?? []) {
        const input: PlanInput = {
          ...plan,
          name: plan.name ?? describeRrule(plan.rrule),
          crewUserIds: await Promise.all((crew ?? []).map(crewIdOf)),
        };
        const existing = await findImportedPlan(db, propertyId, { name: plan.name, rrule: plan.rrule, startDate: plan.startDate });
        if (!existing) {
          await createPlan(db, propertyId, input, horizon);
          report.plans.created++;
        } else if (planDiffers(existing, input)) {
          await updatePlan(db, existing.id, input, horizon);
          report.plans.updated++;
        } else report.plans.unchanged++;
      }
    }
  }
  return report;
}
