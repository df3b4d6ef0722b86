import { milwaukeeTime } from './photo-dates';

/**
 * The one EXIF fact the product keeps: when the photo was taken (DateTimeOriginal, with
 * OffsetTimeOriginal when the camera wrote one). The server reads it from sharp's metadata
 * before the stripped variants are written; the console reads it from a JPEG in the browser
 * to prefill the "taken on" field. A small reader of the TIFF structure EXIF uses, bounds-checked
 * at every step, because the bytes come from an upload.
 */

const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const ASCII = 2;
const LONG = 4;
/** A photo's IFD has a few dozen entries; more means the data is not what it says. */
const MAX_ENTRIES = 1000;

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

function startsWithHeader(bytes: Uint8Array, at = 0): boolean {
  return EXIF_HEADER.every((byte, index) => bytes[at + index] === byte);
}

interface Entry {
  type: number;
  count: number;
  /** Where the value is: in the entry itself when it fits in 4 bytes, else at its offset. */
  valueAt: number;
}

/** The entries of the IFD at `offset`, by tag; null when it does not fit in the data. */
function readIfd(view: DataView, offset: number, little: boolean): Map<number, Entry> | null {
  if (offset < 8 || offset + 2 > view.byteLength) return null;
  const count = view.getUint16(offset, little);
  if (count > MAX_ENTRIES || offset + 2 + count * 12 > view.byteLength) return null;
  const entries = new Map<number, Entry>();
  for (let index = 0; index < count; index += 1) {
    const at = offset + 2 + index * 12;
    const type = view.getUint16(at + 2, little);
    const valueCount = view.getUint32(at + 4, little);
    const size = type === ASCII ? valueCount : 4 * valueCount;
    entries.set(view.getUint16(at, little), { type, count: valueCount, valueAt: size <= 4 ? at + 8 : view.getUint32(at + 8, little) });
  }
  return entries;
}

function readAscii(view: DataView, entry: Entry | undefined): string | null {
  if (!entry || entry.type !== ASCII || entry.count > 64 || entry.valueAt + entry.count > view.byteLength) return null;
  let text = '';
  for (let index = 0; index < entry.count; index += 1) {
    const code = view.getUint8(entry.valueAt + index);
    if (code === 0) break;
    text += String.fromCharCode(code);
  }
  return text.trim();
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * When the photo was taken, from EXIF data (with or without its "Exif\0\0" header, as sharp's
 * metadata gives it); null when the data has no readable DateTimeOriginal. A time without an
 * offset is Milwaukee time.
 */
export function exifTakenAt(exif: Uint8Array | null | undefined): Date | null {
  if (!exif) return null;
  const tiff = startsWithHeader(exif) ? exif.subarray(EXIF_HEADER.length) : exif;
  if (tiff.length < 8) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return null;

  const ifd0 = readIfd(view, view.getUint32(4, little), little);
  const pointer = ifd0?.get(EXIF_IFD_POINTER);
  if (!pointer || pointer.type !== LONG) return null;
  const exifIfd = readIfd(view, view.getUint32(pointer.valueAt, little), little);
  if (!exifIfd) return null;

  const taken = EXIF_DATE.exec(readAscii(view, exifIfd.get(DATE_TIME_ORIGINAL)) ?? '');
  if (!taken) return null;
  const [year, month, day, hour, minute, second] = taken.slice(1).map(Number) as [number, number, number, number, number, number];
  const offset = OFFSET.exec(readAscii(view, exifIfd.get(OFFSET_TIME_ORIGINAL)) ?? '');
  if (!offset) return milwaukeeTime(year, month, day, hour, minute, second);
  const local = milwaukeeTime(year, month, day, hour, minute, second);
  if (!local) return null;
  const offsetMinutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000);
}

/**
 * The EXIF data of a JPEG (its APP1 "Exif" segment), found by walking the markers at its
 * start; null for anything else. Cameras write it first, so the first 128 KB of a file are enough.
 */
export function jpegExif(bytes: Uint8Array): Uint8Array | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // Start of scan or end of image: the metadata segments are all before it.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return null;
    if (marker === 0xe1 && startsWithHeader(bytes, at + 4)) return bytes.subarray(at + 4, Math.min(bytes.length, at + 2 + length));
    at += 2 + length;
  }
  return null;
}
