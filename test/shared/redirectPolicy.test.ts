/**
 * The redirect policy's corpus: each row is one hostile or legitimate target and what the policy must make of it
 * (a local path, an allow-listed absolute URL, or null = refused, the caller falls back to `/`).
 * Adding a case is one line.
 */
import {
  absoluteRedirect,
  allowedOrigins,
  checkLocalPath,
  checkRedirect,
  consoleRedirectPolicy,
  isLocalPath,
  safeRedirect,
  type RedirectPolicy,
} from '../../src/shared/redirectPolicy';

const policy: RedirectPolicy = consoleRedirectPolicy('https://console.example', {
  identityBase: '/identity',
  redirectOrigins: ['https://sso.example:8443'],
});

const corpus: Array<[family: string, target: unknown, expected: string | null]> = [
  // legitimate
  ['root', '/', '/'],
  ['path, query, hash', '/dns/proxy?x=1#top', '/dns/proxy?x=1#top'],
  ['own origin, absolute', 'https://console.example/settings/?flow=1', '/settings/?flow=1'],
  ['own origin, no path', 'https://console.example', '/'],
  ['own origin, upper-case scheme and host', 'HTTPS://CONSOLE.EXAMPLE/a', '/a'],
  ['identity path', '/identity/self-service/logout?token=t', '/identity/self-service/logout?token=t'],
  ['allow-listed origin', 'https://sso.example:8443/cb?a=1', 'https://sso.example:8443/cb?a=1'],
  ['encoded slash stays encoded', '/%2f%2fevil.example', '/%2f%2fevil.example'],
  ['encoded backslash stays encoded', '/%5cevil.example', '/%5cevil.example'],
  ['dot segments inside the console', '/a/b/../c', '/a/c'],
  [
    'unicode fullwidth solidus is only a path byte',
    '/\uff0f\uff0fevil.example',
    '/%EF%BC%8F%EF%BC%8Fevil.example',
  ],
  // dot segments collapsing into `//host`
  ['reported: /.//host', '/.//other.host/page', null],
  ['/./ then //', '/.///other.host', null],
  ['parent then //', '/a/..//other.host', null],
  ['encoded dot', '/%2e//other.host', null],
  ['encoded dot dot', '/a/%2e%2e//other.host', null],
  ['upper-case encoded dot', '/%2E//other.host', null],
  ['absolute own origin with dot segment', 'https://console.example/.//other.host', null],
  // doubled and backslashed slashes
  ['scheme-relative', '//evil.example/path', null],
  ['triple slash', '///evil.example', null],
  ['slash backslash', '/\\evil.example', null],
  ['backslash backslash', '\\\\evil.example', null],
  ['backslash slash', '\\/evil.example', null],
  ['backslash inside an absolute URL', 'https://console.example\\@evil.example', null],
  // other origins
  ['another host', 'https://evil.example/', null],
  ['suffix lookalike', 'https://console.example.evil.example/', null],
  ['other scheme', 'http://console.example/', null],
  ['other port', 'https://console.example:444/', null],
  ['allow-listed host, other port', 'https://sso.example/cb', null],
  // userinfo
  ['origin as user name', 'https://console.example@evil.example/', null],
  ['user and password on the origin', 'https://user:pw@console.example/', null],
  ['encoded @ does not make a user name', 'https://console.example%40evil.example/', null],
  // script and data schemes
  ['javascript:', 'javascript:alert(1)', null],
  ['JavaScript: mixed case', 'JaVaScRiPt:alert(1)', null],
  ['data:', 'data:text/html,<script>alert(1)</script>', null],
  ['vbscript:', 'vbscript:msgbox(1)', null],
  ['https without slashes', 'https:evil.example', null],
  ['relative path', 'relative/path', null],
  // whitespace and control characters
  ['leading space', ' /dns', null],
  ['leading space before scheme-relative', ' //evil.example', null],
  ['tab inside the scheme', 'java\tscript:alert(1)', null],
  ['newline inside the scheme', 'java\nscript:alert(1)', null],
  ['carriage return inside the scheme', 'java\rscript:alert(1)', null],
  ['NUL before scheme', '\u0000javascript:alert(1)', null],
  ['tab between slashes', '/\t/evil.example', null],
  ['newline between slashes', '/\n/evil.example', null],
  ['header injection', '/ok\r\nLocation: https://evil.example', null],
  ['DEL', '/a\u007f', null],
  ['C1 control', '/a\u0085', null],
  ['no-break space', '/\u00a0/evil.example', null],
  ['line separator', '/\u2028/evil.example', null],
  // unicode lookalikes
  // IDNA maps these to the console's own host, as browsers do: they stay on the console, as a path.
  ['ideographic full stop host', 'https://console\u3002example/x', '/x'],
  ['fullwidth host letters', 'https://\uff43onsole.example/x', '/x'],
  ['ideographic full stop in another host', 'https://evil\u3002example/', null],
  ['cyrillic lookalike', 'https://c\u043ensole.example/', null],
  ['fullwidth solidus host', 'https://console.example\uff0f\uff0fevil.example', null],
  // not a target at all
  ['empty', '', null],
  ['null', null, null],
  ['undefined', undefined, null],
  ['number', 42, null],
  ['too long', '/' + 'a'.repeat(3000), null],
];

describe('redirect policy corpus', () => {
  it.each(corpus)('%s: %j → %j', (_family, target, expected) => {
    expect(checkRedirect(target, policy)).toBe(expected);
  });

  it.each(corpus)('%s: never emits a path a browser reads as another host (%j)', (_family, target) => {
    const out = safeRedirect(target, policy);
    if (out.startsWith('/')) expect(isLocalPath(out)).toBe(true);
    else expect(allowedOrigins(policy)).toContain(new URL(out).origin);
  });
});

describe('redirect policy helpers', () => {
  it('lists the console, the external identity service and the configured origins', () => {
    expect(
      allowedOrigins(
        consoleRedirectPolicy('https://console.example', {
          identityBase: 'https://id.example:4433/',
          redirectOrigins: ['https://sso.example', 'not an origin'],
        }),
      ),
    ).toEqual(['https://console.example', 'https://id.example:4433', 'https://sso.example']);
  });

  it('falls back to / or to a checked fallback', () => {
    expect(safeRedirect('//evil.example', policy)).toBe('/');
    expect(safeRedirect('//evil.example', policy, '/login/')).toBe('/login/');
    expect(safeRedirect('//evil.example', policy, '//evil.example')).toBe('/');
  });

  it('puts a local path on the console origin for absolute answers', () => {
    expect(absoluteRedirect('/a?b', policy)).toBe('https://console.example/a?b');
    expect(absoluteRedirect('https://sso.example:8443/x', policy)).toBe('https://sso.example:8443/x');
    expect(absoluteRedirect('/.//evil.example', policy)).toBeNull();
  });

  it('checks paths only where no origin is known', () => {
    expect(checkLocalPath('/a/./b')).toBe('/a/b');
    expect(checkLocalPath('https://console.example/a')).toBeNull();
    expect(checkLocalPath('/.//evil.example')).toBeNull();
  });
});
