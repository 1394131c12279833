/** Custom look-and-feel images: only PNG, JPEG, GIF and WebP, recognised by their bytes (never SVG, never the claimed type). */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export { IMAGE_SLOTS, type ImageSlot } from '../../shared/contracts/system';

/** Largest accepted image (the console scales uploads to at most 1000×1000 before sending them, §5). */
export { IMAGE_MAX_BYTES } from '../../shared/contracts/system';

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(buf: Buffer): ImageMime | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
