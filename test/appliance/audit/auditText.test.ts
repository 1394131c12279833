/**
 * The user-supplied parts of an audit message (a user name, a target's host) are one printable line as a reader sees
 * it: each character that would break the line or reorder the text is shown as "?" (a new case is one row).
 */
import { auditText } from '../../../src/appliance/audit';

const UNPRINTABLE: ReadonlyArray<[string, string]> = [
  ['a line feed', '\n'],
  ['a carriage return', '\r'],
  ['NUL', '\u0000'],
  ['a tab', '\t'],
  ['escape (a terminal sequence)', '\u001b'],
  ['DEL', '\u007f'],
  ['the C1 next line', '\u0085'],
  ['the C1 control sequence introducer', '\u009b'],
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right embedding', '\u202a'],
  ['a first-strong isolate', '\u2068'],
  ['a pop directional isolate', '\u2069'],
];

it.each(UNPRINTABLE)('shows %s as "?"', (_what, char) => {
  expect(auditText(`alice${char}admin`)).toBe('alice?admin');
});

it('keeps printable text of any script as it is', () => {
  for (const name of ['alice', 'Zoë', 'Łukasz', 'محمد', '田中', 'o\u0301scar'])
    expect(auditText(name)).toBe(name);
});

it('bounds the text, marking what it cut', () => {
  expect(auditText('a'.repeat(70))).toBe(`${'a'.repeat(64)}…`);
  expect(auditText('host.example', 4)).toBe('host…');
});
