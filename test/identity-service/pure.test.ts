/** Pure helpers of the identity service: content negotiation, redirect policy, message texts, providers, password policy. */
import { isJsonRequest, negotiateContentType } from '../../src/identity-service/negotiate';
import { allowedRedirect, identityRedirectPolicy } from '../../src/identity-service/redirect';
import { formatGo, uiText } from '../../src/identity-service/text';
import { parseProviders } from '../../src/identity-service/providers';
import { passwordPolicy } from '../../src/identity-service/password';

describe('negotiateContentType (gddo rules, offers text/html, text/*, */*, application/json)', () => {
  it.each([
    [undefined, 'text/html'],
    ['', 'text/html'],
    ['application/json', 'application/json'],
    ['*/*', 'text/html'],
    ['application/json, text/plain, */*', 'application/json'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    ['application/json;q=0.5, text/html', 'text/html'],
    ['text/html;q=0.1, application/json', 'application/json'],
    ['application/json;q=0', 'text/html'],
    ['image/png', 'text/html'],
  ])('Accept %p → %s', (accept, expected) => {
    expect(negotiateContentType(accept)).toBe(expected);
  });

  it.each([
    [{ 'content-type': 'application/json; charset=utf-8' }, true],
    [{ 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, false],
    [{ accept: 'application/json' }, true],
    [{}, false],
  ])('isJsonRequest(%p) = %p', (headers, expected) => {
    expect(isJsonRequest(headers)).toBe(expected);
  });
});

describe('allowedRedirect', () => {
  const policy = identityRedirectPolicy('https://console.example', 'https://id.example/identity', []);
  it.each([
    ['/settings/', 'https://console.example/settings/'],
    ['settings/', null], // relative: only a path starting with `/` or an absolute URL
    ['/.//evil.example/page', null], // dot segment collapses into `//evil.example`
    ['/a/../x?y=1', 'https://console.example/x?y=1'],
    ['https://console.example/a?b=c#d', 'https://console.example/a?b=c#d'],
    ['https://id.example/x', 'https://id.example/x'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example/', null],
    ['/\t/evil.example/', null],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['https://console.example@evil.example/', null],
    ['https://user:pw@console.example/', null],
    ['http://console.example/', null],
    ['https://console.example:444/', null],
    ['', null],
    ['/' + 'a'.repeat(3000), null],
  ])('%s → %s', (target, expected) => {
    expect(allowedRedirect(target, policy)).toBe(expected);
  });
});

describe('message texts', () => {
  it.each([
    ['%s and %q', ['a', 'b'], 'a and "b"'],
    ['%d of %d', [3.7, 10], '3 of 10'],
    ['%.2f minutes', [1.23456], '1.23 minutes'],
    ['%q, then %[1]q at %q', ['x', 'y'], '"x", then "x" at "y"'],
    ['100%% sure', [], '100% sure'],
  ])('formatGo(%p)', (template, args, expected) => {
    expect(formatGo(template, args)).toBe(expected);
  });

  it('builds catalogue messages with id, type, text and only the catalogue context keys', () => {
    expect(uiText(4000032, { min_length: 8, actual_length: 3, other: 1 })).toEqual({
      id: 4000032,
      type: 'error',
      text: 'The password must be at least 8 characters long, but got 3.',
      context: { min_length: 8, actual_length: 3 },
    });
    expect(uiText(1050001)).toEqual({ id: 1050001, type: 'success', text: 'Your changes have been saved!' });
    expect(uiText(1010002, { provider: 'Entra ID' }).text).toBe('Sign in with Entra ID');
    expect(uiText(4000001, { reason: 'Too many.' })).toEqual({
      id: 4000001,
      type: 'error',
      text: 'Too many.',
      context: { reason: 'Too many.' },
    });
    expect(() => uiText(123)).toThrow(/unknown message id/);
  });
});

describe('parseProviders', () => {
  it('keeps known providers with absolute http(s) login URLs, names azure "Entra ID", drops the rest', () => {
    const warn = jest.fn();
    const providers = parseProviders(
      {
        providers: [
          { id: 'azure', login_url: 'https://login.example/azure' },
          { id: 'github', login_url: 'https://github.example/login' },
          { id: 'github', login_url: 'https://dup.example/' },
          { id: 'myspace', login_url: 'https://myspace.example/' },
          { id: 'google', login_url: 'javascript:alert(1)' },
          { id: 'auth0', login_url: '/relative' },
          { id: 'x' },
        ],
      },
      { warn } as never,
    );
    expect(providers).toEqual([
      { kind: 'redirect', id: 'azure', name: 'Entra ID', loginUrl: 'https://login.example/azure' },
      { kind: 'redirect', id: 'github', name: 'GitHub', loginUrl: 'https://github.example/login' },
    ]);
    const messages = warn.mock.calls.map((c: unknown[]) => c[1]);
    // Five entries refused, and the two kept are said to sign nobody in.
    expect(messages.filter((m) => m === 'identity providers: entry ignored')).toHaveLength(5);
    expect(messages.filter((m) => String(m).includes('never signs anyone in'))).toHaveLength(2);
  });

  const CORP = {
    id: 'corp',
    label: 'Corp SSO',
    issuer_url: 'https://sso.corp.example/',
    client_id: 'rampart',
    client_secret: 'corp-secret-value',
  };

  it('reads a generic OpenID Connect provider with Kratos-like fields and defaults', () => {
    expect(parseProviders({ providers: [CORP] })).toEqual([
      {
        kind: 'oidc',
        id: 'corp',
        name: 'Corp SSO',
        issuerUrl: 'https://sso.corp.example',
        clientId: 'rampart',
        clientSecret: 'corp-secret-value',
        scope: ['openid', 'email', 'profile'],
        emailClaim: 'email',
        allowCrossOriginEndpoints: false,
      },
    ]);
    const [google] = parseProviders([
      {
        ...CORP,
        id: 'google',
        label: undefined,
        scope: 'openid email',
        email_claim: 'mail',
        provider: 'generic',
      },
    ]);
    expect(google).toMatchObject({ name: 'Google', scope: ['openid', 'email'], emailClaim: 'mail' });
    expect(parseProviders([{ ...CORP, label: undefined, name: 'Named' }])[0].name).toBe('Named');
    // http only on loopback
    expect(parseProviders([{ ...CORP, issuer_url: 'http://127.0.0.1:9000' }])).toHaveLength(1);
    // token and userinfo endpoints on other origins only when the entry says so
    expect(parseProviders([{ ...CORP, allow_cross_origin_endpoints: true }])[0]).toMatchObject({
      allowCrossOriginEndpoints: true,
    });
  });

  it.each([
    ['an http issuer off loopback', { issuer_url: 'http://sso.corp.example' }, 'issuer_url'],
    ['an issuer with credentials', { issuer_url: 'https://u:p@sso.corp.example' }, 'issuer_url'],
    ['a relative issuer', { issuer_url: '/sso' }, 'issuer_url'],
    ['no client id', { client_id: undefined }, 'client_id'],
    ['an empty secret', { client_secret: ' ' }, 'client_secret'],
    ['a scope without openid', { scope: ['email'] }, 'openid'],
    ['a scope that is not a list', { scope: 42 }, 'scope'],
    ['an unknown field', { callback: 'x' }, 'unknown field'],
    ['an upper-case id', { id: 'Corp' }, 'id must'],
    ['a provider type other than generic', { provider: 'google' }, 'generic'],
    ['a bad claim name', { email_claim: 'e mail' }, 'email_claim'],
    ['a label with a control character', { label: 'a\u0007b' }, 'label'],
    ['a cross-origin switch that is not a boolean', { allow_cross_origin_endpoints: 'yes' }, 'allow_cross'],
  ])('ignores an entry with %s, logs why and never its secret', (_name, change, reason) => {
    const warn = jest.fn();
    const entry = { ...CORP, ...change } as Record<string, unknown>;
    for (const k of Object.keys(entry)) if (entry[k] === undefined) delete entry[k];
    const providers = parseProviders({ providers: [entry, { ...CORP, id: 'other' }] }, { warn } as never);
    expect(providers.map((p) => p.id)).toEqual(['other']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).toContain(reason);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('corp-secret-value');
  });
  it.each([[null], [{}], ['text'], [[{ id: 'twitter', login_url: 'http://127.0.0.1:9000/t' }]]])(
    'accepts %p without failing',
    (raw) => {
      expect(Array.isArray(parseProviders(raw))).toBe(true);
    },
  );
});

describe('passwordPolicy', () => {
  it.each([
    ['short', 'a@example.test', 4000032],
    ['alice@example.test', 'alice@example.test', 4000031],
    ['xxalicexx-2024', 'alice@example.test', null],
    ['Alice-2024!', 'alice@example.test', 4000031],
    ['ECILA-ecila', 'alice@example.test', 4000031],
    ['1234567890', 'a@example.test', 4000005],
    ['aaaaaaaaaa', 'a@example.test', 4000005],
    ['Wombat-Alice-Harbour-7', 'alice@example.test', null],
    ['correct horse battery staple', 'alice@example.test', null],
    ['x'.repeat(1025), 'a@example.test', 4000033],
  ])('%s for %s → %p', (password, email, id) => {
    expect(passwordPolicy(password, email)?.id ?? null).toBe(id);
  });
});
