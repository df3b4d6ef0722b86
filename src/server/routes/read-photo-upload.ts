import type { FastifyRequest } from 'fastify';
import { fieldErrors } from '../../shared/field-errors';
import { photoFieldsSchema, type PhotoFields } from '../../shared/staff-schemas';
import { BusyError, RequestError } from '../errors';
import { MAX_UPLOAD_BYTES, photoProcessing, PHOTOS_BUSY_MESSAGE, PHOTOS_BUSY_RETRY_SECONDS } from '../modules/photos';

const TOO_LARGE = `Photos must be ${MAX_UPLOAD_BYTES / 1024 / 1024} MB or smaller.`;
/** Room for the multipart boundaries, part headers and the short fields around the file. */
const UPLOAD_FORM_ALLOWANCE_BYTES = 64 * 1024;

/** While the photo queue is full, an upload is refused before its body is read into memory. */
function refuseWhileBusy() {
  if (photoProcessing.full) throw new BusyError(PHOTOS_BUSY_MESSAGE, PHOTOS_BUSY_RETRY_SECONDS);
}

/** A schema's safeParse, as zod answers it. */
interface FieldsSchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}
/** A text field of the form, as sent. */
type FieldReader = (name: string) => string | undefined;

/**
 * Reads one photo upload (multipart: the fields, then the file) into memory, at most
 * MAX_UPLOAD_BYTES, and checks its fields with `schema` before any image work: a refused upload
 * stores nothing. A body that says it is too large is refused before a byte of it is read; one that
 * does not say (chunked) is cut off by the multipart fileSize limit as it streams. The file never
 * touches the disk, and its name is never used. Every photo upload (console and crew) reads this way.
 */
export async function readPhotoUpload<T>(
  request: FastifyRequest,
  schema: FieldsSchema<T>,
  pick: (field: FieldReader) => unknown,
): Promise<{ data: Buffer; fields: T }> {
  if (!request.isMultipart()) throw new RequestError(415, 'Send the photo as multipart/form-data');
  if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES + UPLOAD_FORM_ALLOWANCE_BYTES) throw new RequestError(413, TOO_LARGE);
  refuseWhileBusy();
  let file: Awaited<ReturnType<typeof request.file>>;
  let data: Buffer;
  try {
    file = await request.file({ limits: { fieldSize: 4 * 1024, parts: 8 } });
    if (!file) throw new RequestError(400, 'Choose a photo to upload');
    data = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new RequestError(413, TOO_LARGE);
    if ((error as { statusCode?: number }).statusCode) throw error;
    // busboy's own errors (a cut-off or malformed body) carry no status.
    throw new RequestError(400, 'The upload was cut off or is not valid multipart/form-data. Please try again.');
  }
  if (file.file.truncated) throw new RequestError(413, TOO_LARGE);
  const field: FieldReader = (name) => (file.fields[name] as { value?: string } | undefined)?.value;
  return { data, fields: checkFields(schema, pick(field)) };
}

function checkFields<T>(schema: FieldsSchema<T>, input: unknown): T {
  const fields = schema.safeParse(input);
  if (!fields.success) {
    const errors = fieldErrors(fields.error.issues) as Record<string, string>;
    throw new RequestError(400, Object.values(errors).join('; '), errors);
  }
  return fields.data;
}

/**
 * Reads a form with up to `maxFiles` photos (each a part named `photos`, each at most
 * MAX_UPLOAD_BYTES) and its text fields into memory, as readPhotoUpload does for one, and checks
 * the fields with `schema`. A file part of another name is drained unread, and counts towards
 * `maxFiles`. No photo is processed here: the caller checks them all before writing.
 */
export async function readPhotosUpload<T>(
  request: FastifyRequest,
  schema: FieldsSchema<T>,
  pick: (field: FieldReader) => unknown,
  { maxFiles, tooMany }: { maxFiles: number; tooMany: string },
): Promise<{ photos: Buffer[]; fields: T }> {
  if (!request.isMultipart()) throw new RequestError(415, 'Send the form as multipart/form-data');
  if (Number(request.headers['content-length']) > maxFiles * MAX_UPLOAD_BYTES + UPLOAD_FORM_ALLOWANCE_BYTES) {
    throw new RequestError(413, TOO_LARGE);
  }
  refuseWhileBusy();
  const photos: Buffer[] = [];
  const values = new Map<string, string>();
  try {
    // At most `maxFiles` files of any name: one more is refused as it starts, before a byte of it is read.
    for await (const part of request.parts({ limits: { fieldSize: 16 * 1024, files: maxFiles, parts: maxFiles + 9 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'photos') {
        // A file under another name is drained as it arrives, never held in memory.
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) throw new RequestError(413, TOO_LARGE);
      photos.push(data);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new RequestError(413, TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw new RequestError(400, tooMany, { photos: tooMany });
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw new RequestError(400, 'The upload was cut off or is not valid multipart/form-data. Please try again.');
  }
  return {
    photos,
    fields: checkFields(
      schema,
      pick((name) => values.get(name)),
    ),
  };
}

/**
 * The console's photo fields: photoType, caption and takenAt. No takenAt field: the date comes
 * from the photo's EXIF data; an empty one: no date.
 */
export const readStaffPhotoUpload = (request: FastifyRequest): Promise<{ data: Buffer; fields: PhotoFields }> =>
  readPhotoUpload(request, photoFieldsSchema, (field) => {
    const takenAt = field('takenAt');
    return {
      photoType: field('photoType'),
      caption: field('caption'),
      takenAt: takenAt === undefined ? undefined : takenAt.trim() === '' ? null : takenAt,
    };
  });
