import { sniffImage } from '../../../src/appliance/settings/images';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('image type from the bytes', () => {
  it.each([
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a....'), 'image/gif'],
    ['GIF89a', bytes('GIF89a....'), 'image/gif'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['SVG with an XML prolog', bytes('<?xml version="1.0"?><svg/>'), null],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>'), null],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '), null],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e]), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s', (_name, buf, mime) => {
    expect(sniffImage(buf)).toBe(mime);
  });
});
