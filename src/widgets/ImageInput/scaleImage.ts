/**
 * §5 image scaling in the browser: decode, fit within max×max (never enlarge), draw on a canvas and encode — PNG stays
 * PNG, anything else becomes JPEG at 0.6. Returns a data URL.
 */
import { fitWithin, imageOutputFormat } from '../../lib/validation';

/** §5 default maximum image size. */
export const IMAGE_MAX_SIZE = 1000;

export interface ScaleOptions {
  maxWidth?: number;
  maxHeight?: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('This image could not be read.'));
    img.src = src;
  });
}

export async function scaleImage(
  file: Blob,
  { maxWidth = IMAGE_MAX_SIZE, maxHeight = IMAGE_MAX_SIZE }: ScaleOptions = {},
): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const size = fitWithin(img.naturalWidth, img.naturalHeight, maxWidth, maxHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser cannot process images.');
    ctx.drawImage(img, 0, 0, size.width, size.height);
    const { type, quality } = imageOutputFormat(file.type);
    return canvas.toDataURL(type, quality);
  } finally {
    URL.revokeObjectURL(url);
  }
}
