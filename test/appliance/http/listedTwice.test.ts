import { entriesListedTwice, listedTwice, repeatedEntries } from '../../../src/appliance/http/listedTwice';

describe('the "listed twice" rule of list fields', () => {
  it.each([
    ['no repeat', ['a', 'b', 'c'], undefined, []],
    ['a repeat after the first', ['a', 'b', 'a', 'a'], undefined, [2, 3]],
    ['repeats by key', ['Local', 'ldap', 'local'], (v: string) => v.toLowerCase(), [2]],
    ['invalid entries repeat nothing', ['x', 'x', 'ok', 'ok'], (v: string) => (v === 'x' ? null : v), [3]],
  ])('%s', (_, values, key, expected) => {
    const repeated = repeatedEntries(values, key);
    expect(values.map((_v, i) => i).filter(repeated)).toEqual(expected);
  });

  it('refuses a repeat at its own index with the duplicate type', () => {
    expect(listedTwice(['body', 'dns_servers', 2])).toEqual({
      loc: ['body', 'dns_servers', 2],
      msg: 'listed twice',
      type: 'value_error.duplicate',
    });
  });

  it('marks each repeated entry of a body field at its index, the first kept', () => {
    expect(
      entriesListedTwice('listen_addresses', ['::1', '127.0.0.1', '::1'], 'address listed twice'),
    ).toEqual([
      { loc: ['body', 'listen_addresses', 2], msg: 'address listed twice', type: 'value_error.duplicate' },
    ]);
    expect(entriesListedTwice('listen_addresses', [])).toEqual([]);
  });
});
