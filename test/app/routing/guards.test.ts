import { isRouteErrorResponse } from 'react-router';
import { isEntityId, requireLogin, safeReturnPath, withValidity } from '../../../src/app/routing/guards';
import { configureRouting } from '../../../src/app/routing/options';
import { isLoggedInFromCookies } from '../../../src/app/routing/session';

const args = (url: string, cookie?: string, params: Record<string, string> = {}) => ({
  request: new Request(url, { headers: cookie ? { cookie } : {} }),
  params,
  context: undefined,
});

describe('login guard (spec §4)', () => {
  afterEach(() => configureRouting({ renderMode: 'redirect' }));

  test('an anonymous visitor is sent to the login page with the page as return_to', () => {
    let thrown: unknown;
    try {
      requireLogin(args('http://c.test/dns/proxy?tab=2') as never);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/account/login?return_to=%2Fdns%2Fproxy%3Ftab%3D2');
  });

  test('a visitor with the login cookie passes', () => {
    expect(requireLogin(args('http://c.test/dns/proxy', 'rampart_logged_in=1') as never)).toBeNull();
  });

  test('in passive render mode nobody is redirected', () => {
    configureRouting({ renderMode: 'passive' });
    expect(requireLogin(args('http://c.test/dns/proxy') as never)).toBeNull();
  });

  test.each([
    ['rampart_logged_in=1', true],
    ['rampart_session=abc', true],
    ['auth-bearer=tok', true],
    ['other=1', false],
    ['', false],
  ])('cookie header %p means logged in: %p', (cookie, expected) => {
    expect(isLoggedInFromCookies(cookie)).toBe(expected);
  });
});

describe('validity checks', () => {
  test('a failing check is a 404 naming the path', () => {
    const loader = withValidity(isEntityId);
    let thrown: unknown;
    try {
      loader(args('http://c.test/system/certificates/%3Cscript%3E', undefined, { id: '<script>' }) as never);
    } catch (e) {
      thrown = e;
    }
    expect(
      isRouteErrorResponse(thrown) || (thrown as { type?: string }).type === 'DataWithResponseInit',
    ).toBe(true);
    const d = thrown as { data: { path: string }; init: { status: number } };
    expect(d.init.status).toBe(404);
    expect(d.data.path).toBe('/system/certificates/%3Cscript%3E');
  });

  test.each([
    ['abc-123', true],
    ['a.b_c', true],
    ['', false],
    ['a/b', false],
    ['x'.repeat(129), false],
  ])('entity id %p valid: %p', (id, ok) => expect(isEntityId({ id })).toBe(ok));
});

describe('safe return path (open redirects)', () => {
  test.each([
    ['/dns/proxy', '/dns/proxy'],
    ['/dns/proxy?x=1#h', '/dns/proxy?x=1#h'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [null, '/'],
    ['dns/proxy', '/'],
    ['/%0d%0aLocation:x', '/%0d%0aLocation:x'],
    ['/a\u0000b', '/'],
  ])('%p → %p', (input, expected) => expect(safeReturnPath(input)).toBe(expected));
});
