/**
 * The sign-up policy's pure parts, shared by the appliance (which validates and writes it), the identity service
 * (which enforces it) and the console's form: domain entries in their one stored form, and strict parsing.
 */
import {
  emailDomain,
  normalizeDomainEntry,
  parseSignupPolicy,
  signupAllowed,
} from '../../src/shared/signupPolicy';

describe('normalizeDomainEntry', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Example.COM ', 'example.com'],
    ['example.com.', 'example.com'],
    ['*.Corp.Example', '*.corp.example'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['XN--BCHER-KVA.example', 'xn--bcher-kva.example'],
    ['ｅｘａｍｐｌｅ.com', null], // fullwidth: folded by IDNA, refused here
    ['example。com', null], // ideographic full stop
    ['exa%41mple.com', null],
    ['example', null],
    ['192.0.2.1', null],
    ['[::1]', null],
    ['-bad.example', null],
    ['a..example', null],
    ['user@example.com', null],
    ['example.com/path', null],
    ['*.*.example.com', null],
    ['*example.com', null],
    ['', null],
  ])('%j → %j', (raw, stored) => {
    expect(normalizeDomainEntry(raw)).toBe(stored);
  });
});

describe('emailDomain', () => {
  it.each([
    ['a@Example.COM', 'example.com'],
    ['"a@b"@example.com', 'example.com'],
    ['a@bücher.example', 'xn--bcher-kva.example'],
    ['no-at-sign', null],
    ['@example.com', null],
  ])('%j → %j', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });
});

describe('signupAllowed', () => {
  const domains = (...allowed_domains: string[]) => ({ mode: 'domains' as const, allowed_domains });
  it.each([
    [{ mode: 'open' as const, allowed_domains: [] }, 'anyone@anywhere.test', true],
    [{ mode: 'closed' as const, allowed_domains: ['example.com'] }, 'a@example.com', false],
    [domains('example.com'), 'a@EXAMPLE.com', true],
    [domains('example.com'), 'a@sub.example.com', false],
    [domains('*.example.com'), 'a@sub.example.com', true],
    [domains('*.example.com'), 'a@example.com', false],
    [domains('*.example.com'), 'a@badexample.com', false],
    [domains('xn--bcher-kva.example'), 'a@Bücher.example', true],
    [domains('example.com'), 'not an address', false],
  ])('%j lets %j sign up: %s', (policy, email, allowed) => {
    expect(signupAllowed(policy, email)).toBe(allowed);
  });
});

describe('parseSignupPolicy', () => {
  it.each([
    [
      { mode: 'open', allowed_domains: [] },
      { mode: 'open', allowed_domains: [] },
    ],
    [
      { mode: 'domains', allowed_domains: ['B.example', 'b.example', '*.c.example'] },
      { mode: 'domains', allowed_domains: ['b.example', '*.c.example'] },
    ],
    [
      { mode: 'closed', allowed_domains: ['kept.example'] },
      { mode: 'closed', allowed_domains: ['kept.example'] },
    ],
    [{ mode: 'domains', allowed_domains: [] }, null],
    [{ mode: 'domains', allowed_domains: ['not a domain'] }, null],
    [{ mode: 'open' }, null],
    [{ mode: 'open', allowed_domains: [], extra: 1 }, null],
    [{ mode: 'shut', allowed_domains: [] }, null],
    [{ mode: 'domains', allowed_domains: Array.from({ length: 101 }, (_, i) => `d${i}.example`) }, null],
    [[], null],
    [null, null],
  ])('%j → %j', (raw, parsed) => {
    expect(parseSignupPolicy(raw)).toEqual(parsed);
  });
});
