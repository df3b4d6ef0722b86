import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EstimatePhoto } from '../../../shared/api/estimates';
import type { Executor } from '../../db/executor';
import { estimatePhotos, estimates, photos, properties } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { hashToken } from '../accounts';
import type { PdfImage } from '../../pdf/photo';
import { photoJpeg, type PhotoStorage, variantKey } from '../photos';

/** Which of these photos are not of the customer's properties (an estimate shows only its own customer's photos). */
export async function photosNotOfCustomer(db: Executor, photoIds: readonly string[], customerId: string | null): Promise<string[]> {
  if (!photoIds.length) return [];
  if (!customerId) return [...photoIds];
  const rows = await db
    .select({ id: photos.id })
    .from(photos)
    .innerJoin(properties, eq(properties.id, photos.propertyId))
    .where(and(inArray(photos.id, [...photoIds]), eq(properties.customerId, customerId)));
  const found = new Set(rows.map((row) => row.id));
  return photoIds.filter((id) => !found.has(id));
}

/** The estimate's photos from the property visit, replaced by these, in this order. */
export async function setEstimatePhotos(db: Executor, estimateId: string, photoIds: readonly string[]): Promise<void> {
  await db.delete(estimatePhotos).where(eq(estimatePhotos.estimateId, estimateId));
  const unique = [...new Set(photoIds)];
  if (unique.length) await db.insert(estimatePhotos).values(unique.map((photoId, position) => ({ estimateId, photoId, position })));
}

/** The photos an estimate shows, in their order. */
export async function photosOfEstimate(db: Executor, estimateId: string): Promise<EstimatePhoto[]> {
  const rows = await db
    .select({
      id: photos.id,
      caption: photos.caption,
      width: photos.width,
      height: photos.height,
      variantWidths: photos.variantWidths,
      takenAt: photos.takenAt,
      propertyName: properties.name,
    })
    .from(estimatePhotos)
    .innerJoin(photos, eq(photos.id, estimatePhotos.photoId))
    .innerJoin(properties, eq(properties.id, photos.propertyId))
    .where(eq(estimatePhotos.estimateId, estimateId))
    .orderBy(asc(estimatePhotos.position));
  return rows.map((row) => ({ ...row, takenAt: row.takenAt?.toISOString() ?? null }));
}

/**
 * The storage key of one width of a photo that a sent version of the link's estimate shows (the
 * link opens its later versions too); any other photo, width or token is not found.
 */
export async function estimatePhotoFileByToken(db: Executor, token: string, photoId: string, width: number): Promise<string> {
  const own = alias(estimates, 'own');
  const [row] = await db
    .select({ storageKey: photos.storageKey, variantWidths: photos.variantWidths })
    .from(own)
    .innerJoin(estimates, and(eq(estimates.number, own.number), isNotNull(estimates.sentAt)))
    .innerJoin(estimatePhotos, and(eq(estimatePhotos.estimateId, estimates.id), eq(estimatePhotos.photoId, photoId)))
    .innerJoin(photos, eq(photos.id, estimatePhotos.photoId))
    .where(and(eq(own.tokenHash, hashToken(token)), isNotNull(own.sentAt)))
    .limit(1);
  if (!row || !row.variantWidths.includes(width)) throw new NotFoundError();
  return variantKey(row.storageKey, width);
}

/**
 * The estimate's photos as its PDF draws them: each one's smallest stored width (about 400 px,
 * sharp at the PDF's 2.4-inch thumbnails and light in an e-mail) as a JPEG, by photo id. A photo
 * whose file cannot be read is left out, and the PDF says it is unavailable instead of failing.
 * Read before a transaction opens, so converting them holds no lock.
 */
export async function estimatePhotoImages(db: Executor, storage: PhotoStorage, estimateId: string): Promise<Map<string, PdfImage>> {
  const rows = await db
    .select({ id: photos.id, storageKey: photos.storageKey, variantWidths: photos.variantWidths })
    .from(estimatePhotos)
    .innerJoin(photos, eq(photos.id, estimatePhotos.photoId))
    .where(eq(estimatePhotos.estimateId, estimateId));
  const images = await Promise.all(
    rows.map(async (row) => {
      const width = row.variantWidths[0];
      const image = width === undefined ? null : await photoJpeg(storage, row.storageKey, width).catch(() => null);
      return [row.id, image] as const;
    }),
  );
  return new Map(images.filter((entry): entry is readonly [string, PdfImage] => entry[1] !== null));
}
