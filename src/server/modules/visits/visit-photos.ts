import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { visits } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { addPhoto } from '../photos/add-photo';
import type { PhotoStorage } from '../photos/photo-store';
import { recordVisitEvent } from './visit-events';

/** The visit's property, to store a photo under; NotFoundError for an unknown visit. */
export async function visitProperty(db: Db, visitId: string): Promise<string> {
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
  db: Db,
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
