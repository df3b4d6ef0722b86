import { and, eq, sql } from 'drizzle-orm';
import type { ConsoleProperty, Property } from '../../../shared/api/properties';
import type { PropertyInput } from '../../../shared/staff-schemas';
import { guessTaxJurisdiction, type TaxJurisdiction } from '../../../shared/tax-jurisdictions';
import type { Executor } from '../../db/executor';
import { preparedQuery } from '../../db/prepared';
import { photos, properties, propertyFields } from '../../db/schema';
import { NotFoundError, unlessDuplicate } from '../../errors';
import type { PhotoStorage } from '../photos';

const DUPLICATE_NAME = 'This customer already has a property with this name';

/** A property's values: the state in capitals. Its tax jurisdiction, when sent, is weighed by `taxJurisdictionOf`. */
export const propertyValues = (input: PropertyInput) => ({ ...input, state: input.state.toUpperCase() });

/** Cities compared as typed, but for case and spacing. */
const sameCity = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The sales-tax jurisdiction a property is stored with (issue 24): the one staff chose, else the
 * one its city suggests. On a change, a new city suggests a new one, unless staff chose another in
 * the same change; with the city unchanged, the stored one stays unless staff chose another.
 */
export function taxJurisdictionOf(
  input: { city: string; taxJurisdiction?: TaxJurisdiction },
  stored?: { city: string; taxJurisdiction: TaxJurisdiction },
): TaxJurisdiction {
  if (!stored) return input.taxJurisdiction ?? guessTaxJurisdiction(input.city);
  const chosen = input.taxJurisdiction !== undefined && input.taxJurisdiction !== stored.taxJurisdiction;
  if (chosen) return input.taxJurisdiction!;
  return sameCity(input.city, stored.city) ? (input.taxJurisdiction ?? stored.taxJurisdiction) : guessTaxJurisdiction(input.city);
}

/** The stored city and jurisdiction a change is weighed against; NotFoundError for an unknown property. */
async function storedTaxPlace(db: Executor, id: string) {
  const [row] = await db
    .select({ city: properties.city, taxJurisdiction: properties.taxJurisdiction })
    .from(properties)
    .where(eq(properties.id, id));
  if (!row) throw new NotFoundError();
  return row;
}

const customerPropertiesQuery = preparedQuery((db) =>
  db
    .select(propertyFields)
    .from(properties)
    .where(eq(properties.customerId, sql.placeholder('customerId')))
    .orderBy(properties.name)
    .prepare('customer_properties'),
);

/** A customer's properties by name (SPEC §3's fields). */
export async function propertiesOfCustomer(db: Executor, customerId: string): Promise<Property[]> {
  return customerPropertiesQuery(db).execute({ customerId });
}

/** A customer's properties by name as its console page lists them: with their tax jurisdiction. */
export async function consolePropertiesOfCustomer(db: Executor, customerId: string): Promise<ConsoleProperty[]> {
  return db
    .select({ ...propertyFields, taxJurisdiction: properties.taxJurisdiction })
    .from(properties)
    .where(eq(properties.customerId, customerId))
    .orderBy(properties.name);
}

export async function createProperty(db: Executor, customerId: string, input: PropertyInput): Promise<{ id: string }> {
  return unlessDuplicate('name', DUPLICATE_NAME, async () => {
    const [row] = await db
      .insert(properties)
      .values({ ...propertyValues(input), taxJurisdiction: taxJurisdictionOf(input), customerId })
      .returning({ id: properties.id });
    return row!;
  });
}

export async function updateProperty(db: Executor, id: string, input: PropertyInput): Promise<{ id: string }> {
  return unlessDuplicate('name', DUPLICATE_NAME, async () => {
    const taxJurisdiction = taxJurisdictionOf(input, await storedTaxPlace(db, id));
    const [row] = await db
      .update(properties)
      .set({ ...propertyValues(input), taxJurisdiction })
      .where(eq(properties.id, id))
      .returning({ id: properties.id });
    if (!row) throw new NotFoundError();
    return row;
  });
}

/** Deletes a property, its photos' rows (by cascade) and then their files. */
export async function deleteProperty(db: Executor, storage: PhotoStorage, id: string): Promise<void> {
  const stored = await db.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.propertyId, id));
  const [row] = await db.delete(properties).where(eq(properties.id, id)).returning({ id: properties.id });
  if (!row) throw new NotFoundError();
  for (const photo of stored) await storage.remove(photo.storageKey);
}

/** Who owns this property (its customer), for the caller's policy check; NotFoundError for an unknown property. */
export async function propertyOwner(db: Executor, id: string): Promise<{ id: string; customerId: string }> {
  const [row] = await db
    .select({ id: properties.id, customerId: properties.customerId })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** For the import: a customer's property by name, if any. */
export async function findPropertyByName(db: Executor, customerId: string, name: string) {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.customerId, customerId), eq(properties.name, name)))
    .limit(1);
  return row ?? null;
}

export async function insertProperty(db: Executor, customerId: string, values: ReturnType<typeof propertyValues>): Promise<string> {
  const [row] = await db
    .insert(properties)
    .values({ ...values, taxJurisdiction: taxJurisdictionOf(values), customerId })
    .returning({ id: properties.id });
  return row!.id;
}

/** For the import: a property's new values; a new city brings its tax jurisdiction, else staff's choice stays. */
export async function setProperty(db: Executor, id: string, values: ReturnType<typeof propertyValues>): Promise<void> {
  const taxJurisdiction = taxJurisdictionOf(values, await storedTaxPlace(db, id));
  await db
    .update(properties)
    .set({ ...values, taxJurisdiction })
    .where(eq(properties.id, id));
}
