import { exifTakenAt, jpegExif } from '../../../shared/exif';
import { dateInMilwaukee, takenAtProblem } from '../../../shared/photo-dates';

/** A JPEG's EXIF segment comes before its image data: the first 128 KB of the file hold it. */
const HEAD_BYTES = 128 * 1024;

/**
 * The day a JPEG was taken by its camera's clock (DateTimeOriginal), as a date field's value, to
 * prefill "Taken on" before the upload (the server reads the same date, and strips the rest);
 * '' when the file has none, or one later than today or before 1990.
 */
export async function cameraTakenOn(file: File): Promise<string> {
  try {
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const takenAt = exifTakenAt(jpegExif(head));
    return takenAt && !takenAtProblem(takenAt) ? dateInMilwaukee(takenAt) : '';
  } catch {
    return '';
  }
}
