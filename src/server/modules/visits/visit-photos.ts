import { eq } from 'drizzle-orm';
import { inTransaction, type Executor } from '../../db/executor';
import { photos, visits } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { addPhoto, type PhotoStorage } from '../photos';
import { recordVisitEvent } from './visit-events';

/** The visit's property, to store a photo under; NotFoundError for an unknown visit. */
export async function visitProperty(db: Executor, visitId: string): Promise<string> {
  const [visit] = await db.select({ propertyId: visits.propertyId }).from(visits).where(eq(visits.id, visitId)).limit(1);
  if (!visit) throw new NotFoundError();
  return visit.propertyId;
}

/**
 * Adds a photo to a visit's record (staff completing what the crew sent), uploaded by the staff
 * member, with a `photo_added` event in the same transaction when it is new. The same file twice
 * on this visit is stored once; a file already stored for another visit is refused.
 */
export async function addVisitPhoto(
  db: Executor,
  storage: PhotoStorage,
  visitId: string,
  photo: { data: Buffer; photoType: string; caption: string; takenAt?: string | null },
  actorId: string,
): Promise<{ id: string; created: boolean }> {
  const propertyId = await visitProperty(db, visitId);
  return addPhoto(db, storage, {
    ...photo,
    propertyId,
    visitId,
    uploadedBy: actorId,
    record: (tx, photoId) =>
      recordVisitEvent(tx, { visitId, kind: 'photo_added', actorId, detail: { photoId, kind: photo.photoType, by: 'staff' } }),
  });
}

/**
 * Removes a photo (any photo of a property) and its files. Here rather than in photos because a
 * visit's photo leaves a `photo_removed` event on the visit's timeline, by `removedBy`.
 */
export async function deletePhoto(db: Executor, storage: PhotoStorage, id: string, removedBy: string | null = null): Promise<void> {
  const row = await inTransaction(db, async (tx) => {
    const [deleted] = await tx
      .delete(photos)
      .where(eq(photos.id, id))
      .returning({ storageKey: photos.storageKey, visitId: photos.visitId, photoType: photos.photoType });
    if (deleted?.visitId) {
      await recordVisitEvent(tx, {
        visitId: deleted.visitId,
        kind: 'photo_removed',
        actorId: removedBy,
        detail: { photoId: id, kind: deleted.photoType },
      });
    }
    return deleted;
  });
  if (!row) throw new NotFoundError();
  await storage.remove(row.storageKey);
}
