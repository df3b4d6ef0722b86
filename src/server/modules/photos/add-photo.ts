import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { photos } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { isUniqueViolation } from '../../errors';
import { dateInMilwaukee, parseTakenAt } from '../../../shared/photo-dates';
import { processPhoto, variantKey, type PhotoStorage } from './photo-store';

export interface NewPhoto {
  propertyId: string;
  data: Buffer;
  caption: string;
  photoType: string;
  /**
   * When the photo was taken. Left out, it is read from the photo's EXIF data; null means no
   * date. A string is the API's value (photo-dates.ts), already checked: a date alone that the
   * EXIF time falls on keeps that time.
   */
  takenAt?: Date | string | null;
}

/** The taken-on instant to store, from what was sent and what the camera wrote. */
export function resolveTakenAt(sent: NewPhoto['takenAt'], fromCamera: Date | null): Date | null {
  if (sent === undefined) return fromCamera;
  if (sent === null || sent instanceof Date) return sent;
  const instant = parseTakenAt(sent);
  if (!instant) throw new Error(`unchecked taken-on value ${JSON.stringify(sent)}`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(sent) && fromCamera && dateInMilwaukee(fromCamera) === sent) return fromCamera;
  return instant;
}

/**
 * Processes and stores a photo for a property. The same file for the same property
 * is stored once: a second call returns the existing photo with `created: false`.
 */
export async function addPhoto(db: Db, storage: PhotoStorage, photo: NewPhoto): Promise<{ id: string; created: boolean }> {
  const processed = await processPhoto(photo.data);
  const takenAt = resolveTakenAt(photo.takenAt, processed.takenAt);
  const existing = await findSamePhoto(db, photo.propertyId, processed.contentHash);
  if (existing) return { id: existing, created: false };

  // The key is the server's own: nothing from the upload (its file name above all) reaches a path.
  const storageKey = `properties/${photo.propertyId}/${randomUUID()}`;
  try {
    for (const variant of processed.variants) await storage.put(variantKey(storageKey, variant.width), variant.data);
    const [row] = await db
      .insert(photos)
      .values({
        propertyId: photo.propertyId,
        storageKey,
        contentHash: processed.contentHash,
        caption: photo.caption,
        photoType: photo.photoType,
        width: processed.width,
        height: processed.height,
        variantWidths: processed.variants.map((v) => v.width),
        takenAt,
      })
      .returning({ id: photos.id });
    return { id: row!.id, created: true };
  } catch (error) {
    // Nothing stays on disk without its row: a failed write or insert removes every variant. Not when
    // the database became unreachable mid-insert: the row may have been committed, and an orphan file
    // is harmless while a row without its files could not be repaired by uploading again.
    if (!isDatabaseUnavailable(error)) await storage.remove(storageKey);
    // The same file uploaded twice at once: the other request stored it first.
    if (isUniqueViolation(error)) {
      const winner = await findSamePhoto(db, photo.propertyId, processed.contentHash);
      if (winner) return { id: winner, created: false };
    }
    throw error;
  }
}

async function findSamePhoto(db: Db, propertyId: string, contentHash: string): Promise<string | null> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.propertyId, propertyId), eq(photos.contentHash, contentHash)))
    .limit(1);
  return row?.id ?? null;
}
