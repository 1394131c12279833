import { formatSize, formatThousands, formatTimeSince, formatDateTime } from '../../../src/lib/format';

describe('formatSize (§9)', () => {
  it.each([
    [0, false, '0 B'],
    [512, false, '512 B'],
    [1000, false, '1.00 KB'],
    [1536, false, '1.54 KB'],
    [1536, true, '1.50 KiB'],
    [1024 ** 2, true, '1.00 MiB'],
    [5e9, false, '5.00 GB'],
    [1e24, false, '1.00 YB'],
    [1e27, false, '1000.00 YB'],
    [1024 ** 8, true, '1.00 YiB'],
    [999999, false, '1.00 MB'],
    [-2048, true, '-2.00 KiB'],
    [NaN, false, '–'],
  ])('%d binary=%s -> %s', (bytes, binary, out) => expect(formatSize(bytes, { binary })).toBe(out));
});

describe('formatThousands (§9)', () => {
  it.each([
    [0, undefined, '0'],
    [999, undefined, '999'],
    [1000, undefined, '1.000'],
    [1234567, undefined, '1.234.567'],
    [-1234567, undefined, '-1.234.567'],
    [1234.5, undefined, '1.234,5'],
    [1234.567, 2, '1.234,57'],
    [Infinity, undefined, '–'],
  ])('%d -> %s', (n, d, out) => expect(formatThousands(n, d)).toBe(out));
});

describe('formatTimeSince (§9)', () => {
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;
  it.each([
    [0, '0s'],
    [999, '0s'],
    [5 * s, '5s'],
    [3 * m + 2 * s, '3m 2s'],
    [4 * h + 5 * m + 6 * s, '4h 5m 6s'],
    [2 * d + 3 * h, '2d 3h'],
    [45 * d, '1m 15d'],
    [400 * d + h, '1y 1m 5d 1h'],
    [-5 * s, '0s'],
  ])('%d ms -> %s', (elapsed, out) =>
    expect(formatTimeSince(1_000_000_000_000, 1_000_000_000_000 + elapsed)).toBe(out),
  );

  it('keeps only the largest units when asked', () =>
    expect(formatTimeSince(0, 400 * d + h, 2)).toBe('1y 1m'));
  it('shows a dash for bad input', () => expect(formatTimeSince(NaN, 0)).toBe('–'));
});

describe('formatDateTime (§9)', () => {
  const ts = Date.UTC(2025, 1, 3, 14, 5, 9);
  it.each([
    [{ utc: true }, 'Mon, 3 Feb 2025 | 14:05'],
    [{ utc: true, seconds: true }, 'Mon, 3 Feb 2025 | 14:05:09'],
  ])('%j', (opts, out) => expect(formatDateTime(ts, opts)).toBe(out));
  it('pads hours and minutes', () =>
    expect(formatDateTime(Date.UTC(2024, 11, 31, 3, 7), { utc: true })).toBe('Tue, 31 Dec 2024 | 03:07'));
  it('formats local time by default', () => {
    const local = new Date(2025, 6, 4, 9, 30);
    expect(formatDateTime(local)).toBe('Fri, 4 Jul 2025 | 09:30');
  });
  it('shows a dash for an invalid date', () => expect(formatDateTime(NaN)).toBe('–'));
});
