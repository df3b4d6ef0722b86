import type { PdfImage } from '../../pdf/photo';
import { photoJpeg, type PhotoStorage } from '../photos';
import type { ReportPhoto } from './monthly-report-data';

/** A thumbnail as the PDF embeds it: a JPEG (pdfkit reads JPEG and PNG, not WebP). */
export type Thumbnail = PdfImage;

/** How many photos are read and converted ahead of the page being drawn. */
const READ_AHEAD = 8;

/**
 * A photo's smallest stored variant (about 400 px wide: sharp enough at the report's
 * thumbnail size, 1.7 inches at over 200 dpi), as a JPEG. Null when its file is gone, so
 * the report shows a gap instead of failing.
 */
async function thumbnailOf(storage: PhotoStorage, photo: ReportPhoto): Promise<Thumbnail | null> {
  const width = photo.variantWidths[0];
  return width === undefined ? null : photoJpeg(storage, photo.storageKey, width);
}

/**
 * The thumbnails of a report's photos, converted in the order they are drawn and at most
 * READ_AHEAD ahead of the drawing: the conversion of the next visits' photos overlaps the
 * drawing of this one, and memory stays flat for a long month. `get(i)` is the i-th photo's.
 */
export function thumbnailReader(storage: PhotoStorage, photos: ReportPhoto[]) {
  const started: Array<Promise<Thumbnail | null>> = [];
  const startUpTo = (last: number) => {
    while (started.length < photos.length && started.length <= last) {
      started.push(thumbnailOf(storage, photos[started.length]!).catch(() => null));
    }
  };
  return {
    get(index: number): Promise<Thumbnail | null> {
      startUpTo(index + READ_AHEAD);
      const found = started[index]!;
      // Dropped once read: the PDF holds the bytes from then on.
      started[index] = Promise.resolve(null);
      return found;
    },
  };
}
