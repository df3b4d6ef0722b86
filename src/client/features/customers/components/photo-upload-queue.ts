import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod/mini';
import { photoFieldsSchema, takenOnFieldSchema } from '../../../../shared/staff-schemas';

/** A file in the queue: the fields the server checks with photoFieldsSchema, and what the row needs to show it. */
const queuedPhotoSchema = z.object({
  key: z.string(),
  file: z.custom<File>(),
  /** An object URL of the file, for its thumbnail; revoked when the row leaves the queue. */
  preview: z.string(),
  photoType: photoFieldsSchema.shape.photoType,
  caption: photoFieldsSchema.shape.caption,
  /** The "taken on" field: '' or a date. */
  takenAt: takenOnFieldSchema,
  /** The date read from the file's EXIF data when it was chosen ('' when none). */
  cameraTakenAt: z.string(),
});
export const uploadsSchema = z.object({ uploads: z.array(queuedPhotoSchema) });
export type QueuedPhoto = z.infer<typeof queuedPhotoSchema>;
export type UploadsForm = UseFormReturn<z.infer<typeof uploadsSchema>, unknown, z.output<typeof uploadsSchema>>;

export interface UploadStatus {
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
  /** False when the file itself was refused (not a photo we take, or too large): sending it again cannot help. */
  retryable?: boolean;
}
export const waiting: UploadStatus = { progress: 0, state: 'waiting' };
/** Rows the Upload button sends: new ones, and failed ones that may go through this time. */
export const isPending = (status: UploadStatus) => status.state === 'waiting' || (status.state === 'failed' && status.retryable !== false);
/** How long an uploaded row stays, marked "Uploaded", before it leaves the queue. */
export const SUCCESS_LINGER_MS = 2500;
/** The row's fields a refusal from the server can name. */
export const EDITABLE_FIELDS = ['photoType', 'caption', 'takenAt'] as const;

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What to send as takenAt: the field's date; '' when staff cleared a date the camera gave (no date);
 * nothing when neither has one, so the server reads EXIF the browser could not (PNG, WebP).
 */
export function takenAtToSend(item: Pick<QueuedPhoto, 'takenAt' | 'cameraTakenAt'>): string | undefined {
  if (item.takenAt) return item.takenAt;
  return item.cameraTakenAt ? '' : undefined;
}

/** What the queue says once a round of uploads is over. */
export function uploadSummary(uploaded: number, failed: number): string {
  return [
    uploaded ? `${plural(uploaded, 'photo', 'photos')} uploaded.` : '',
    failed ? `${plural(failed, 'photo', 'photos')} could not be uploaded: see the reason beside ${failed === 1 ? 'it' : 'each'}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
