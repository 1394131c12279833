/** The pure key policy at its edges; the API paths that apply it are in test/security/key-policy.test.ts. */
import { checkKey, type KeyFacts } from '../../src/shared/keyPolicy';

const rsa = (bits: number, exponent: bigint = 65537n): KeyFacts => ({ kind: 'rsa', bits, exponent });

const accepted: Array<[string, KeyFacts, string]> = [
  ['RSA 2048, e = 65537', rsa(2048), 'RSA 2048'],
  ['RSA 16384', rsa(16384), 'RSA 16384'],
  ['RSA-PSS 3072', { kind: 'rsa-pss', bits: 3072, exponent: 65537n }, 'RSA 3072'],
  ['e = 35 (old OpenSSH)', rsa(2048, 35n), 'RSA 2048'],
  ['e = 37 (PuTTYgen)', rsa(2048, 37n), 'RSA 2048'],
  ['e = 17', rsa(2048, 17n), 'RSA 2048'],
  ['e = 2^256 − 1', rsa(2048, (1n << 256n) - 1n), 'RSA 2048'],
  ['P-256 (OpenSSL name)', { kind: 'ec', curve: 'prime256v1' }, 'ECDSA P-256'],
  ['P-384 (OpenSSH name)', { kind: 'ec', curve: 'nistp384' }, 'ECDSA P-384'],
  ['P-521 (JOSE name)', { kind: 'ec', curve: 'P-521' }, 'ECDSA P-521'],
  ['Ed25519', { kind: 'ed25519' }, 'Ed25519'],
  ['Ed448', { kind: 'ed448' }, 'Ed448'],
];

const refused: Array<[string, KeyFacts, string, RegExp]> = [
  ['RSA 2047', rsa(2047), 'rsa_min_bits', /^RSA keys must have at least 2048 bits; this one has 2047$/],
  ['RSA 16385', rsa(16385), 'rsa_max_bits', /at most 16384 bits; this one has 16385$/],
  ['RSA-PSS 1024', { kind: 'rsa-pss', bits: 1024, exponent: 65537n }, 'rsa_min_bits', /this one has 1024$/],
  ['e = 3', rsa(2048, 3n), 'rsa_exponent', /this one is 3$/],
  ['e = 5', rsa(2048, 5n), 'rsa_exponent', /this one is 5$/],
  ['e = 1', rsa(2048, 1n), 'rsa_exponent', /this one is 1$/],
  ['even e', rsa(2048, 65536n), 'rsa_exponent', /must be odd/],
  ['e = 2^256 + 1', rsa(2048, (1n << 256n) + 1n), 'rsa_exponent', /this one is 257 bits long$/],
  ['no exponent', { kind: 'rsa', bits: 2048 }, 'rsa_exponent', /this one is missing$/],
  ['DSA 3072', { kind: 'dsa', bits: 3072 }, 'dsa', /^DSA keys are refused/],
  ['secp256k1', { kind: 'ec', curve: 'secp256k1' }, 'ec_curve', /this one uses secp256k1$/],
  ['Brainpool', { kind: 'ec', curve: 'brainpoolP256r1' }, 'ec_curve', /P-256, P-384, P-521/],
  ['explicit curve', { kind: 'ec', curve: null }, 'ec_curve', /explicit \(unnamed\) curve parameters$/],
  ['X25519 (key agreement)', { kind: 'x25519' }, 'algorithm', /^x25519 keys are refused/],
  ['DH', { kind: 'dh' }, 'algorithm', /^dh keys are refused/],
];

describe('key policy', () => {
  it.each(accepted)('accepts %s', (_label, facts, label) => {
    expect(checkKey(facts)).toEqual({ ok: true, label });
  });

  it.each(refused)('refuses %s', (_label, facts, rule, msg) => {
    const verdict = checkKey(facts);
    expect(verdict).toMatchObject({ ok: false, rule, ctx: { rule } });
    if (!verdict.ok) expect(verdict.msg).toMatch(msg);
    // The item's ctx travels as JSON.
    expect(() => JSON.stringify(verdict)).not.toThrow();
  });
});
