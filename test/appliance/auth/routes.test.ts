import { safeRedirectPath } from '../../../src/appliance/auth/routes';

describe('post-login destination', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/', '/'],
    ['/dns/proxy?x=1#top', '/dns/proxy?x=1#top'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/a\nb', '/'],
    ['relative/path', '/'],
    ['/.//evil.example/page', '/'],
    ['/a/%2e%2e//evil.example', '/'],
  ])('%j → %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});
