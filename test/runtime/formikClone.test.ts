/**
 * The browser bundle gives Formik these copies instead of lodash's (webpack.config.ts): for every kind of value a
 * form holds they must answer as lodash does — equal content, new containers, nothing shared that Formik mutates.
 */
import lodashClone from 'lodash-es/clone';
import lodashCloneDeep from 'lodash-es/cloneDeep';
import { clone, cloneDeep } from '../../src/runtime/formik/clone';

const day = new Date('2026-11-28T00:00:00Z');
const values = {
  username: 'ada',
  port: 22,
  enabled: true,
  expires: day,
  nothing: null,
  missing: undefined,
  upstreams: [{ address: '9.9.9.9', port: 853, tls: true }],
  groups: [1, 2, 3],
  nested: { deeper: { list: ['a', ['b']] } },
};

describe('the copies Formik gets in the browser', () => {
  it('copy deeply like lodash: equal content, no container shared', () => {
    const mine = cloneDeep(values);
    expect(mine).toEqual(lodashCloneDeep(values));
    expect(mine.upstreams).not.toBe(values.upstreams);
    expect(mine.upstreams[0]).not.toBe(values.upstreams[0]);
    expect(mine.nested.deeper.list[1]).not.toBe(values.nested.deeper.list[1]);
    expect(mine.expires).not.toBe(day);
    expect(mine.expires.getTime()).toBe(day.getTime());
  });

  it('copy one level like lodash for what setIn copies on a path', () => {
    for (const value of [values, values.upstreams, values.groups, day, 'text', 7, null, undefined]) {
      const mine = clone(value);
      expect(mine).toEqual(lodashClone(value));
      if (value !== null && typeof value === 'object') expect(mine).not.toBe(value);
    }
    const shallow = clone(values);
    expect(shallow.upstreams).toBe(values.upstreams);
  });

  it('keep a file chosen in a form as the same file (lodash would turn it into an empty object)', () => {
    const file = new Blob(['-----BEGIN CERTIFICATE-----']);
    expect(cloneDeep({ upload: file }).upload).toBe(file);
  });
});
