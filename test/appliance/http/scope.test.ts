import { parseFormBody } from '../../../src/appliance/http/scope';
import { HttpError } from '../../../src/appliance/http/errors';

describe('form bodies', () => {
  it.each([
    ['', {}],
    ['a=1&b=2', { a: '1', b: '2' }],
    ['a=x+y%20z', { a: 'x y z' }],
    ['a=&b', { a: '', b: '' }],
    ['a=1&a=2', { a: ['1', '2'] }],
    ['q=%27%3B%20DROP%20TABLE', { q: "'; DROP TABLE" }],
    ['caf%C3%A9=%E2%9C%93', { café: '✓' }],
  ])('%s', (text, expected) => {
    expect(parseFormBody(text)).toEqual(expected);
  });

  it('keeps __proto__ as a plain key instead of changing the prototype', () => {
    const body = parseFormBody('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toEqual(['__proto__', 'constructor']);
  });

  it.each(['a=%FF', 'a=%E2%9C', '%C3=1', 'a=%zz'])('refuses %s as not UTF-8 (400)', (text) => {
    expect(() => parseFormBody(text)).toThrow(HttpError);
    try {
      parseFormBody(text);
    } catch (e) {
      expect((e as HttpError).statusCode).toBe(400);
    }
  });
});
