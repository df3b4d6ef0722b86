/** The largest size the photo store keeps (its widest WebP variant): more is only slower to send. */
const MAX_EDGE = 2048;
/** Photos smaller than this go as they are. */
const SMALL_BYTES = 1.5 * 1024 * 1024;

/**
 * A camera photo made fit to send from a parking lot: at most 2048 px on its long edge, as a
 * JPEG, turned upright (createImageBitmap reads the orientation) and without the camera's
 * metadata. A phone photo of 4 to 8 MB becomes well under 1 MB. Anything the browser cannot
 * decode here goes as it is; the server checks and converts every photo anyway.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (file.size <= SMALL_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const shrunk = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return shrunk && shrunk.size < file.size ? shrunk : file;
  } catch {
    return file;
  }
}
