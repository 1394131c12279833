import { describeDuplicateKey, duplicateJsonKey } from '../../src/service-kit/jsonDuplicateKeys';

describe('duplicate keys in JSON text', () => {
  it.each([
    ['at the top', '{"a":1,"a":2}', { key: 'a', path: '' }],
    ['with whitespace', '{ "a" : 1 ,\n "b" : 2 , "a" : 3 }', { key: 'a', path: '' }],
    ['spelled with an escape', '{"version":"1","vers\\u0069on":"2"}', { key: 'version', path: '' }],
    ['the empty key', '{"":1,"":2}', { key: '', path: '' }],
    ['__proto__', '{"__proto__":1,"__proto__":2}', { key: '__proto__', path: '' }],
    [
      'in a nested object',
      '{"payload":{"sha256":"x","size":1,"sha256":"y"}}',
      { key: 'sha256', path: 'payload' },
    ],
    [
      'in an array item',
      '{"steps":[{"type":"a"},{"type":"b","type":"c"}]}',
      { key: 'type', path: 'steps[1]' },
    ],
    ['deep in arrays', '[[1,{"k":[{}, {"x":1,"x":1}]}]]', { key: 'x', path: '[0][1].k[1]' }],
    ['after a string holding quotes and braces', '{"a":"}\\",{\\"a\\":","a":1}', { key: 'a', path: '' }],
  ])('finds a key repeated %s', (_name, text, expected) => {
    expect(duplicateJsonKey(text)).toEqual(expected);
  });

  it.each([
    ['distinct keys', '{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}'],
    ['equal keys in sibling objects', '[{"a":1},{"a":1}]'],
    ['a key-like value', '{"a":"a","b":"a"}'],
    ['keys differing only in case', '{"A":1,"a":2}'],
    ['strings holding what looks like keys', '{"a":"{\\"b\\":1,\\"b\\":2}"}'],
    ['not JSON', 'PK\u0003\u0004'],
    ['an empty object', '{}'],
    ['a scalar', '"a"'],
  ])('finds nothing with %s', (_name, text) => {
    expect(duplicateJsonKey(text)).toBeNull();
  });

  it('scans a large document without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(duplicateJsonKey(deep)).toBeNull();
  });

  it('names the key and where it is, shortened', () => {
    expect(describeDuplicateKey({ key: 'sha256', path: 'payload' })).toBe('"sha256" (in payload)');
    expect(describeDuplicateKey({ key: 'x'.repeat(100), path: '' })).toBe(`"${'x'.repeat(64)}…"`);
  });
});
