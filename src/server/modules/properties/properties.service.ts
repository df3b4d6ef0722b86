import { and, eq, sql } from 'drizzle-orm';
import type { Property } from '../../../shared/api/properties';
import type { PropertyInput } from '../../../shared/staff-schemas';
import type { TaxJurisdiction } from '../../../shared/tax-jurisdictions';
import type { Executor } from '../../db/executor';
import { preparedQuery } from '../../db/prepared';
import { photos, properties, propertyFields } from '../../db/schema';
import { NotFoundError, unlessDuplicate } from '../../errors';
import type { PhotoStorage } from '../photos';

const DUPLICATE_NAME = 'This customer already has a property with this name';

/** A property's stored values: the state in capitals. */
export const propertyValues = (input: PropertyInput) => ({ ...input, state: input.state.toUpperCase() });

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

/** Where the property pays sales tax, and the customer's PO number for it (an accepted estimate gives both). */
export interface PropertyBilling {
  taxJurisdiction?: TaxJurisdiction;
  poNumber?: string | null;
}

export async function createProperty(
  db: Executor,
  customerId: string,
  input: PropertyInput,
  billing: PropertyBilling = {},
): Promise<{ id: string }> {
  return unlessDuplicate('name', DUPLICATE_NAME, async () => {
    const [row] = await db
      .insert(properties)
      .values({ ...propertyValues(input), ...billing, customerId })
      .returning({ id: properties.id });
    return row!;
  });
}

export async function updateProperty(db: Executor, id: string, input: PropertyInput): Promise<{ id: string }> {
  return unlessDuplicate('name', DUPLICATE_NAME, async () => {
    const [row] = await db.update(properties).set(propertyValues(input)).where(eq(properties.id, id)).returning({ id: properties.id });
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
    .values({ ...values, customerId })
    .returning({ id: properties.id });
  return row!.id;
}

/** Sets a property's PO number, when it is the customer's (an accepted estimate's choice); answers whether it was. */
export async function setPropertyPoNumber(db: Executor, id: string, customerId: string, poNumber: string | null): Promise<boolean> {
  const rows = await db
    .update(properties)
    .set({ poNumber })
    .where(and(eq(properties.id, id), eq(properties.customerId, customerId)))
    .returning({ id: properties.id });
  return rows.length > 0;
}

export async function setProperty(db: Executor, id: string, values: ReturnType<typeof propertyValues>): Promise<void> {
  await db.update(properties).set(values).where(eq(properties.id, id));
}
