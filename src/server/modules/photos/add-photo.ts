import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { inTransaction, isTransaction, type Executor } from '../../db/executor';
import { photos, visits } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { ConflictError, isUniqueViolation } from '../../errors';
import { localDateText } from '../../../shared/local-dates';
import { dateInMilwaukee, parseTakenAt } from '../../../shared/photo-dates';
import { processPhoto, variantKey, type PhotoStorage, type ProcessedPhoto } from './photo-store';

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
  /** The visit it was taken on, and the site issue it shows (crew photos, or staff adding to a visit). */
  visitId?: string | null;
  siteIssueId?: string | null;
  /** The customer's problem report it shows. */
  serviceRequestId?: string | null;
  uploadedBy?: string | null;
  /**
   * Chosen on the crew's phone: the same key stores the photo once, however often the upload is
   * retried; a retry answers with the photo already stored, before any image work.
   */
  idempotencyKey?: string | null;
  /**
   * Work done in the transaction that writes the photo's row: `check` before it (lock the visit,
   * refuse a closed one), `record` after it (the visit timeline's event). Either both the row and
   * its record are stored, or neither.
   */
  check?: (tx: Executor) => Promise<void>;
  /** Already processed (checked before anything of a request was written), so not processed again. */
  processed?: ProcessedPhoto;
  record?: (tx: Executor, photoId: string) => Promise<void>;
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
 * The same file again for the same property. Without a visit, or on the same visit, it is the
 * photo already stored (`created: false`). For a visit, the same file already stored elsewhere
 * is refused: proof of service for one visit cannot be a picture taken on another.
 */
async function samePhoto(db: Executor, photo: NewPhoto, contentHash: string): Promise<string | null> {
  const [row] = await db
    .select({ id: photos.id, visitId: photos.visitId, visitDate: visits.scheduledDate })
    .from(photos)
    .leftJoin(visits, eq(visits.id, photos.visitId))
    .where(and(eq(photos.propertyId, photo.propertyId), eq(photos.contentHash, contentHash)))
    .limit(1);
  if (!row) return null;
  if (!photo.visitId || row.visitId === photo.visitId) return row.id;
  throw new ConflictError(
    'photo',
    row.visitDate
      ? `This photo was already sent for the visit on ${localDateText(row.visitDate)}. Each visit needs photos taken that day.`
      : 'This photo is already in the property’s photos. Each visit needs photos taken that day.',
  );
}

/**
 * Processes and stores a photo for a property. The same file for the same property
 * is stored once: a second call returns the existing photo with `created: false`
 * (see samePhoto for a visit's photos).
 */
export async function addPhoto(db: Executor, storage: PhotoStorage, photo: NewPhoto): Promise<{ id: string; created: boolean }> {
  if (photo.idempotencyKey) {
    const sent = await findByKey(db, photo.idempotencyKey);
    if (sent) return { id: sent, created: false };
  }
  const processed = photo.processed ?? (await processPhoto(photo.data));
  const takenAt = resolveTakenAt(photo.takenAt, processed.takenAt);
  const existing = await samePhoto(db, photo, processed.contentHash);
  if (existing) return { id: existing, created: false };

  // The key is the server's own: nothing from the upload (its file name above all) reaches a path.
  const storageKey = `properties/${photo.propertyId}/${randomUUID()}`;
  try {
    for (const variant of processed.variants) await storage.put(variantKey(storageKey, variant.width), variant.data);
    const id = await inTransaction(db, async (tx) => {
      await photo.check?.(tx);
      const [row] = await tx
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
          visitId: photo.visitId ?? null,
          siteIssueId: photo.siteIssueId ?? null,
          serviceRequestId: photo.serviceRequestId ?? null,
          uploadedBy: photo.uploadedBy ?? null,
          idempotencyKey: photo.idempotencyKey ?? null,
        })
        .returning({ id: photos.id });
      await photo.record?.(tx, row!.id);
      return row!.id;
    });
    return { id, created: true };
  } catch (error) {
    // Nothing stays on disk without its row: a failed write or insert removes every variant. Not when
    // the database became unreachable mid-insert: the row may have been committed, and an orphan file
    // is harmless while a row without its files could not be repaired by uploading again.
    if (!isDatabaseUnavailable(error)) await storage.remove(storageKey);
    // The same file uploaded twice at once: the other request stored it first. Not inside a
    // caller's transaction: the failed insert has aborted it, so the error is the caller's to handle.
    if (isUniqueViolation(error) && !isTransaction(db)) {
      const winner =
        (photo.idempotencyKey ? await findByKey(db, photo.idempotencyKey) : null) ?? (await samePhoto(db, photo, processed.contentHash));
      if (winner) return { id: winner, created: false };
    }
    throw error;
  }
}

async function findByKey(db: Executor, idempotencyKey: string): Promise<string | null> {
  const [row] = await db.select({ id: photos.id }).from(photos).where(eq(photos.idempotencyKey, idempotencyKey)).limit(1);
  return row?.id ?? null;
}
