import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PropertyPhoto } from '../../../shared/api/properties';
import type { PhotoUpdate } from '../../../shared/staff-schemas';
import type { Executor } from '../../db/executor';
import { descNullsLast } from '../../db/order';
import { preparedQuery } from '../../db/prepared';
import { photos, properties } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { propertyOwner } from '../properties';
import { resolveTakenAt } from './add-photo';
import { variantKey, type PhotoStorage } from './photo-store';
import { photoSources } from '../../../shared/photo-sources';
import { localDateOf } from '../../../shared/local-dates';

/**
 * A property's owner with each of its photos, newest first; one row with a null photo when it has
 * none. A crew's before and after photos are in it as soon as they arrive; photos of a site issue
 * (needles, dumping) are not: they belong with the issue on the visit's record; nor are the photos of
 * a customer's problem report, which belong with the report.
 */
const propertyPhotosQuery = preparedQuery((db) =>
  db
    .select({ customerId: properties.customerId, photo: photos })
    .from(properties)
    .leftJoin(photos, and(eq(photos.propertyId, properties.id), isNull(photos.siteIssueId), isNull(photos.serviceRequestId)))
    .where(eq(properties.id, sql.placeholder('propertyId')))
    .orderBy(descNullsLast(photos.uploadDate), descNullsLast(photos.id))
    .prepare('property_photos'),
);

const downloadUrl = (id: string) => `/api/photos/${id}/download`;

/** Its files where staff and the owner's users read them: `imageUrl` at 1200 px (or the largest below), and every width. */
function photoFiles(id: string, widths: number[]): { imageUrl: string; srcSet: string } {
  const { src, srcSet } = photoSources(`/api/photos/${id}`, widths);
  return { imageUrl: src, srcSet };
}

/**
 * A property's photos, newest first, and its owner (to authorize) in one query;
 * NotFoundError when there is no such property.
 */
export async function photosOfProperty(db: Executor, propertyId: string): Promise<{ customerId: string; photos: PropertyPhoto[] }> {
  const found = await propertyPhotosQuery(db).execute({ propertyId });
  const owner = found[0]?.customerId;
  if (!owner) throw new NotFoundError();
  const rows = found.flatMap((row) => (row.photo ? [row.photo] : []));
  return {
    customerId: owner,
    photos: rows.map(toPropertyPhoto),
  };
}

/** A photo's row as the API shows it. */
export function toPropertyPhoto(row: typeof photos.$inferSelect): PropertyPhoto {
  return {
    id: row.id,
    ...photoFiles(row.id, row.variantWidths),
    width: row.width,
    height: row.height,
    caption: row.caption,
    uploadDate: row.uploadDate.toISOString(),
    takenAt: row.takenAt?.toISOString() ?? null,
    photoType: row.photoType,
    downloadUrl: downloadUrl(row.id),
  };
}

/**
 * Changes a photo's type, caption or taken-on date (the fields sent; `takenAt: null` removes the
 * date) and returns it; NotFoundError for an unknown photo. A date alone that the stored time
 * falls on keeps that time, so saving an unchanged date loses nothing the camera recorded.
 */
export async function updatePhoto(db: Executor, id: string, changes: PhotoUpdate): Promise<PropertyPhoto> {
  const [current] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  if (!current) throw new NotFoundError();
  const values: Partial<typeof photos.$inferInsert> = {};
  if (changes.photoType !== undefined) values.photoType = changes.photoType;
  if (changes.caption !== undefined) values.caption = changes.caption;
  if (changes.takenAt !== undefined) values.takenAt = resolveTakenAt(changes.takenAt, current.takenAt);
  if (Object.keys(values).length === 0) return toPropertyPhoto(current);
  const [row] = await db.update(photos).set(values).where(eq(photos.id, id)).returning();
  if (!row) throw new NotFoundError();
  return toPropertyPhoto(row);
}

/**
 * Where one WebP variant of a photo is stored, and the owner of its property, so the
 * caller can authorize before a byte is read; NotFoundError for an unknown photo or width.
 */
export async function photoFile(db: Executor, id: string, width: number): Promise<{ customerId: string; storageKey: string }> {
  const [photo] = await db
    .select({ storageKey: photos.storageKey, propertyId: photos.propertyId, variantWidths: photos.variantWidths })
    .from(photos)
    .where(eq(photos.id, id))
    .limit(1);
  if (!photo || !photo.variantWidths.includes(width)) throw new NotFoundError();
  const { customerId } = await propertyOwner(db, photo.propertyId);
  return { customerId, storageKey: variantKey(photo.storageKey, width) };
}

/** Lowercase ASCII words joined by "-": safe in a Content-Disposition header and in any file system. */
function slug(text: string, maxLength: number): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase()
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}

/**
 * The largest stored variant of a photo as a download, the owner of its property (to
 * authorize), and a file name that says what it shows, such as
 * `southridge-commons-retail-center-before-2026-10-02-3f2a9c1d.webp` (the day it was
 * taken, else uploaded, in the company's time zone; the id's start keeps names apart).
 */
export async function photoDownload(db: Executor, id: string): Promise<{ customerId: string; storageKey: string; fileName: string }> {
  const [row] = await db
    .select({
      customerId: properties.customerId,
      propertyName: properties.name,
      storageKey: photos.storageKey,
      variantWidths: photos.variantWidths,
      photoType: photos.photoType,
      takenAt: photos.takenAt,
      uploadDate: photos.uploadDate,
    })
    .from(photos)
    .innerJoin(properties, eq(properties.id, photos.propertyId))
    .where(eq(photos.id, id))
    .limit(1);
  if (!row) throw new NotFoundError();
  const largest = Math.max(...row.variantWidths);
  const name = [slug(row.propertyName, 60) || 'photo', slug(row.photoType, 20), localDateOf(row.takenAt ?? row.uploadDate), id.slice(0, 8)]
    .filter(Boolean)
    .join('-');
  return { customerId: row.customerId, storageKey: variantKey(row.storageKey, largest), fileName: `${name}.webp` };
}

/** A stored file's bytes; NotFoundError when the store has lost it. */
export async function readPhotoFile(storage: PhotoStorage, storageKey: string): Promise<Buffer> {
  const data = await storage.get(storageKey);
  if (!data) throw new NotFoundError();
  return data;
}
