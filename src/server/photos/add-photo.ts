import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { photos } from '../db/schema';
import { processPhoto, variantKey, type PhotoStorage } from './photo-store';

export interface NewPhoto {
  propertyId: string;
  data: Buffer;
  caption: string;
  photoType: string;
  takenAt?: Date | null;
}

/**
 * Processes and stores a photo for a property. The same file for the same property
 * is stored once: a second call returns the existing photo with `created: false`.
 */
export async function addPhoto(db: Db, storage: PhotoStorage, photo: NewPhoto): Promise<{ id: string; created: boolean }> {
  const processed = await processPhoto(photo.data);
  const [existing] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.propertyId, photo.propertyId), eq(photos.contentHash, processed.contentHash)))
    .limit(1);
  if (existing) return { id: existing.id, created: false };

  const storageKey = `properties/${photo.propertyId}/${randomUUID()}`;
  for (const variant of processed.variants) await storage.put(variantKey(storageKey, variant.width), variant.data);
  try {
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
        takenAt: photo.takenAt ?? null,
      })
      .returning({ id: photos.id });
    return { id: row!.id, created: true };
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}
