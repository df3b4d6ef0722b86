import sharp from 'sharp';
import type { PdfImage } from '../../pdf/photo';
import { type PhotoStorage, variantKey } from './photo-store';

/**
 * One stored width of a photo as a JPEG, for a PDF (the monthly report's thumbnails, an estimate's
 * photos from the property visit). Null when its file is gone, so the PDF shows a gap instead of failing.
 */
export async function photoJpeg(storage: PhotoStorage, storageKey: string, width: number): Promise<PdfImage | null> {
  const webp = await storage.get(variantKey(storageKey, width));
  if (!webp) return null;
  const { data, info } = await sharp(webp).jpeg({ quality: 72 }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
