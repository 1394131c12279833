import { canonicalise, isUnder, looseNormalise } from '../../../src/appliance/http/paths';
import { looksLikeApi } from '../../../src/server/pathGuard';

const PREFIXES = ['/api/', '/eos/', '/identity/', '/assets/'];

describe('canonicalise', () => {
  it.each([
    ['/', '/'],
    ['/api/config/settings', '/api/config/settings'],
    ['/api/config/settings?x=%2e%2e&y=a//b', '/api/config/settings'],
    ['/api/config/settings/', '/api/config/settings/'],
    ['/logs/overview', '/logs/overview'],
    ['/caf%C3%A9', '/café'],
    ['/caf%c3%a9', '/café'],
    ['/a%20b', '/a b'],
    ['/a%25b', '/a%b'],
    ['/100%25', '/100%'],
    ['/apiary', '/apiary'],
    ['/identity/self-service/login/browser', '/identity/self-service/login/browser'],
    ['/a..b/c.d', '/a..b/c.d'],
  ])('accepts %s as %s', (target, path) => {
    expect(canonicalise(target, PREFIXES)).toEqual({ ok: true, path });
  });

  it.each([
    ['/%61pi/config/settings', 'encodes "a"'],
    ['/api/config/%73ettings', 'encodes "s"'],
    ['/api/config/settings%2D', 'encodes "-"'],
    ['/%7Eadmin', 'encodes "~"'],
    ['/api/%2e/config', 'encodes "."'],
    ['/x/%2E%2E/api/config/settings', 'encodes "."'],
    ['//api/config/settings', 'single "/"'],
    ['/api//config/settings', 'empty segments'],
    ['/api/./config/settings', '"." or ".."'],
    ['/x/../api/config/settings', '"." or ".."'],
    ['/api/config/settings/..', '"." or ".."'],
    ['/api\\config\\settings', 'backslash'],
    ['/api%2fconfig/settings', 'encoded slash'],
    ['/api%2Fconfig%2Fsettings', 'encoded slash'],
    ['/api%5cconfig', 'encoded slash'],
    ['/api/config/settings%00', 'control characters'],
    ['/api/config/settings%0d%0aX-Injected:%201', 'control characters'],
    ['/%2561pi/config/settings', 'double-encoded'],
    ['/api/%25%32%65', 'encodes "2"'],
    ['/caf\u00e9', 'printable ASCII'],
    ['/a b', 'printable ASCII'],
    ['/api/%zz', 'percent-encoded UTF-8'],
    ['/api/%', 'percent-encoded UTF-8'],
    ['/api/%c3', 'percent-encoded UTF-8'],
    ['/api/%ff', 'percent-encoded UTF-8'],
    ['/API/config/settings', 'spell "/api/"'],
    ['/Api', 'spell "/api/"'],
    ['/Identity/self-service/login/browser', 'spell "/identity/"'],
    ['/EOS/jobs/1/stream', 'spell "/eos/"'],
    ['/ASSETS/main.js', 'spell "/assets/"'],
    ['http://127.0.0.1/api/config/settings', 'single "/"'],
    ['*', 'single "/"'],
    ['/api/config/settings#frag', '"#"'],
  ])('refuses %s (%s)', (target, reason) => {
    const verdict = canonicalise(target, PREFIXES);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain(reason);
  });
});

describe('looseNormalise and looksLikeApi (error format of a refusal)', () => {
  it.each([
    ['/%61pi/config/settings', '/api/config/settings'],
    ['/%2561pi/x', '/api/x'],
    ['//API//config', '/api/config'],
    ['/x/..%2F..%2Fapi/config/', '/api/config/'],
    ['/api\\config', '/api/config'],
    ['http://evil.example/api/x?y', '/api/x'],
  ])('%s leads to %s', (target, path) => {
    expect(looseNormalise(target)).toBe(path);
  });

  it.each([
    ['/%61pi/config/settings', true],
    ['/Identity/self-service/login', true],
    ['/api', true],
    ['/system/%2e%2e/dns', false],
    ['/apiary', false],
  ])('%s looks like an API path: %s', (target, expected) => {
    expect(looksLikeApi(target, ['/api/', '/identity/'])).toBe(expected);
  });
});

describe('isUnder', () => {
  it.each([
    ['/api', '/api', true],
    ['/api/x', '/api', true],
    ['/api/x', '/api/', true],
    ['/apix', '/api', false],
    ['/eos', '/api', false],
  ])('%s under %s: %s', (path, prefix, expected) => {
    expect(isUnder(path, prefix)).toBe(expected);
  });
});
