import {
  clamp,
  sanitiseNumberText,
  normaliseTime,
  parseTime,
  dayToTimestamp,
  timestampToDay,
  checkListEntry,
  isAllowedLinkHref,
  isImageType,
  fitWithin,
  imageOutputFormat,
  normaliseHex,
  BLOCKED_NUMBER_KEYS,
  matchesAccept,
} from '../../../src/lib/validation';

describe('clamp', () => {
  it.each([
    [5, 0, 10, 5],
    [-1, 0, 10, 0],
    [11, 0, 10, 10],
    [NaN, 0, 10, 0],
  ])('clamp(%d, %d, %d) = %d', (n, min, max, out) => expect(clamp(n, min, max)).toBe(out));
});

describe('number input text', () => {
  it.each([
    ['123', {}, '123'],
    ['1e5', {}, '15'],
    ['1.5', {}, '15'],
    ['+7', {}, '7'],
    ['-7', {}, '-7'],
    ['-7', { min: 0 }, '7'],
    ['500', { max: 100 }, '100'],
    ['abc', {}, ''],
    ['-', {}, '-'],
  ] as const)('%j %j -> %j', (text, opts, out) => expect(sanitiseNumberText(text, opts)).toBe(out));

  it('blocks e, +, /, \\, = and the decimal point', () => {
    for (const key of ['e', '+', '/', '\\', '=', '.']) expect(BLOCKED_NUMBER_KEYS.has(key)).toBe(true);
    expect(BLOCKED_NUMBER_KEYS.has('5')).toBe(false);
  });
});

describe('time values', () => {
  it.each([
    ['', '', '00:00'],
    [undefined, undefined, '00:00'],
    ['7', '5', '07:05'],
    ['24', '60', '23:59'],
    ['-3', '99', '03:59'],
    [12, 30, '12:30'],
    ['ab', '1x', '00:01'],
  ] as const)('normaliseTime(%j, %j) = %s', (h, m, out) => expect(normaliseTime(h, m)).toBe(out));

  it.each([
    ['09:45', { hours: 9, minutes: 45 }],
    ['', { hours: 0, minutes: 0 }],
    ['30:75', { hours: 23, minutes: 59 }],
  ])('parseTime(%j)', (v, out) => expect(parseTime(v)).toEqual(out));
});

describe('date values', () => {
  it('defaults a new day to 12:00 local time', () => {
    const ts = dayToTimestamp('2025-02-03');
    const d = new Date(ts as number);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      2025, 1, 3, 12, 0,
    ]);
  });
  it('keeps the previous time of day when the day changes', () => {
    const prev = new Date(2024, 0, 1, 8, 15).getTime();
    const d = new Date(dayToTimestamp('2025-02-03', prev) as number);
    expect([d.getDate(), d.getHours(), d.getMinutes()]).toEqual([3, 8, 15]);
  });
  it.each(['', '2025-02-30', 'yesterday'])('rejects %j', (v) => expect(dayToTimestamp(v)).toBeNull());
  it('round-trips a day', () => expect(timestampToDay(dayToTimestamp('2025-12-31'))).toBe('2025-12-31'));
  it('shows no day for no value', () => expect(timestampToDay(null)).toBe(''));
});

describe('list entries', () => {
  it.each([
    ['', {}, 'empty'],
    ['  ', {}, 'empty'],
    ['x', {}, null],
    ['x', { numeric: true }, 'not-a-number'],
    ['42', { numeric: true }, null],
    [{ start: '1', end: '5' }, {}, null],
    [{ start: '5', end: '5' }, {}, 'range-order'],
    [{ start: '6', end: '5' }, {}, 'range-order'],
    [{ start: '', end: '5' }, {}, 'empty'],
    [{ start: 'a', end: '5' }, {}, 'not-a-number'],
  ] as const)('%j %j -> %s', (entry, opts, out) => expect(checkListEntry(entry, opts)).toBe(out));
});

describe('links', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com/a?b', true],
    ['mailto:admin@example.com', true],
    ['tel:+41 44 123 45 67', true],
    ['javascript:alert(1)', false],
    ['ftp://example.com', false],
    ['example.com', false],
    ['', false],
  ])('%j -> %s', (href, ok) => expect(isAllowedLinkHref(href)).toBe(ok));
});

describe('images', () => {
  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['application/pdf', false],
    ['', false],
  ])('isImageType(%j) = %s', (t, ok) => expect(isImageType(t)).toBe(ok));
  it.each([
    [[2000, 1000], { width: 1000, height: 500 }],
    [[800, 3000], { width: 267, height: 1000 }],
    [[640, 480], { width: 640, height: 480 }],
    [[0, 10], { width: 0, height: 0 }],
  ] as const)('fitWithin(%j)', ([w, h], out) => expect(fitWithin(w, h)).toEqual(out));
  it('keeps PNG and turns anything else into JPEG at 0.6', () => {
    expect(imageOutputFormat('image/png')).toEqual({ type: 'image/png' });
    expect(imageOutputFormat('image/webp')).toEqual({ type: 'image/jpeg', quality: 0.6 });
  });
});

describe('hex colours (§5)', () => {
  it.each([
    ['#a', '#aaa'],
    ['ab', '#aba'],
    ['#abcd', '#abc'],
    ['#abcde', '#abc'],
    ['#abc', '#abc'],
    ['#AABBCC', '#aabbcc'],
    ['#aabbccdd', '#aabbcc'],
    ['#zz12', '#121'],
    ['#', null],
    ['', null],
  ])('%j -> %j', (input, out) => expect(normaliseHex(input)).toBe(out));
});

describe('accept filter', () => {
  it.each([
    [{ name: 'ca.PEM', type: '' }, '.pem,.crt', true],
    [{ name: 'ca.der', type: 'application/x-x509-ca-cert' }, '.pem, application/x-x509-ca-cert', true],
    [{ name: 'a.png', type: 'image/png' }, 'image/*', true],
    [{ name: 'a.pdf', type: 'application/pdf' }, 'image/*', false],
    [{ name: 'anything.bin', type: '' }, undefined, true],
    [{ name: 'anything.bin', type: '' }, '', true],
    [{ name: 'key.pem.txt', type: 'text/plain' }, '.pem', false],
  ])('%j accept=%j -> %s', (file, accept, ok) => expect(matchesAccept(file, accept)).toBe(ok));
});
