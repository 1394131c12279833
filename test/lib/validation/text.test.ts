import {
  isSafeMultilineText,
  isSafeText,
  loneSurrogatePath,
  textProblem,
  toOneLine,
} from '../../../src/lib/validation/text';

const CONTROL = 'value_error.str.control_characters';
const UNICODE = 'value_error.unicode';

// [what, text, verdict for one line, verdict for lines]: null = accepted, else the item type.
const CASES: ReadonlyArray<[string, string, string | null, string | null]> = [
  ['plain text', 'Web servers (DMZ)', null, null],
  ['accents and CJK', 'Équipe réseau 网络', null, null],
  ['an emoji (a surrogate pair)', 'ops 🚀', null, null],
  ['markup-looking text', '<img src=x> [a](b) **c**', null, null],
  ['a line feed', 'a\nb', CONTROL, null],
  ['a tab', 'a\tb', CONTROL, null],
  ['a carriage return', 'a\r\nb', CONTROL, CONTROL],
  ['NUL', 'a\u0000b', CONTROL, CONTROL],
  ['BEL', 'a\u0007b', CONTROL, CONTROL],
  ['ESC (terminal sequences)', '\u001b[31mred', CONTROL, CONTROL],
  ['DEL', 'a\u007fb', CONTROL, CONTROL],
  ['a C1 control (NEL)', 'a\u0085b', CONTROL, CONTROL],
  ['a C1 control (CSI)', 'a\u009bb', CONTROL, CONTROL],
  ['a line separator', 'a\u2028b', CONTROL, null],
  ['a paragraph separator', 'a\u2029b', CONTROL, null],
  ['a lone high surrogate', 'a\ud800b', UNICODE, UNICODE],
  ['a lone high surrogate at the end', 'ab\udbff', UNICODE, UNICODE],
  ['a lone low surrogate', '\udc00ab', UNICODE, UNICODE],
  ['surrogates in the wrong order', 'a\udc00\ud800b', UNICODE, UNICODE],
];

test.each(CASES)('%s: one line %p, lines %p', (_what, text, line, lines) => {
  expect(textProblem(text, 'line')?.type ?? null).toBe(line);
  expect(textProblem(text, 'lines')?.type ?? null).toBe(lines);
  expect(isSafeText(text)).toBe(line === null);
  expect(isSafeMultilineText(text)).toBe(lines === null);
});

test.each([
  ['a clean value', { a: ['x', { b: 'y' }] }, null],
  ['a string in a list', { a: ['x', 'y\ud800'] }, ['a', 1]],
  ['a nested string', { a: { b: { c: '\udfff' } } }, ['a', 'b', 'c']],
  ['a key', { a: { ['k\ud800']: 1 } }, ['a', 'k\ud800']],
  ['the value itself', '\ud800', []],
])('finds a lone surrogate in %s', (_what, value, path) => {
  expect(loneSurrogatePath(value)).toEqual(path);
});

test.each([
  ['plain text', 'www.example.test', 'www.example.test'],
  ['line breaks and tabs', 'a\nb\r\tc', 'a\uFFFDb\uFFFD\uFFFDc'],
  ['C1 and separators', 'a\u0085b\u2028c', 'a\uFFFDb\uFFFDc'],
  ['a lone surrogate', 'a\ud800b', 'a\uFFFDb'],
  ['a surrogate pair', 'a🚀b', 'a🚀b'],
])('toOneLine keeps %s on one line', (_what, text, expected) => {
  expect(toOneLine(text)).toBe(expected);
  expect(isSafeText(toOneLine(text))).toBe(true);
});
