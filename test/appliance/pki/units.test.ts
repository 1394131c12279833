/** Parsing and validation units of the PKI: PEM blocks, SANs, ACME names, sealing and the appliance secret. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkNames } from '../../../src/appliance/pki/acme/orders';
import { checkSans } from '../../../src/appliance/pki/certificateIssue';
import {
  deriveSealingKey,
  loadApplianceSecret,
  parsePrivateKey,
  seal,
  SECRET_FILE,
  unseal,
} from '../../../src/appliance/pki/keys';
import { MaterialError, parseCertificates, pemBlocks } from '../../../src/appliance/pki/x509';
import { opensslSelfSigned, tempDir } from './support';

const block = (label: string, body: string) => `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;

describe('pemBlocks', () => {
  const cases: Array<[string, string, number | string]> = [
    ['one block', block('CERTIFICATE', 'AAAA'), 1],
    [
      'two blocks with text around',
      `hello\n${block('CERTIFICATE', 'AAAA')}between\n${block('CERTIFICATE', 'BBBB')}`,
      2,
    ],
    ['other labels ignored', block('PRIVATE KEY', 'AAAA'), 0],
    ['a block without END', '-----BEGIN CERTIFICATE-----\nAAAA\n', 'truncated'],
    [
      'a second block cut short',
      `${block('CERTIFICATE', 'AAAA')}-----BEGIN CERTIFICATE-----\nAA`,
      'truncated',
    ],
    ['bad base64', block('CERTIFICATE', 'AA*A'), 'not valid base64'],
    ['mismatched END label', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END X509 CRL-----\n', 'truncated'],
  ];
  it.each(cases)('%s', (_label, text, expected) => {
    if (typeof expected === 'number') expect(pemBlocks(text, 'CERTIFICATE', 'f')).toHaveLength(expected);
    else expect(() => pemBlocks(text, 'CERTIFICATE', 'f')).toThrow(expected);
  });

  it('names the field in its error', () => {
    try {
      parseCertificates('nothing', 'certificate');
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(MaterialError);
      expect((e as MaterialError).field).toBe('certificate');
    }
  });

  it('parses a real chain in order', () => {
    const dir = tempDir();
    const a = opensslSelfSigned(dir, '/CN=first', { ca: true, key: 'first' });
    const b = opensslSelfSigned(dir, '/CN=second', { ca: true, key: 'second' });
    expect(parseCertificates(a.cert + b.cert, 'f').map((c) => c.subject)).toEqual(['CN=first', 'CN=second']);
  });
});

describe('checkSans', () => {
  const good: Array<[string, Parameters<typeof checkSans>[0]]> = [
    [
      'DNS names, wildcard and IDN-encoded',
      { dns: ['a.example', '*.b.example', 'xn--bcher-kva.example', 'localhost'] },
    ],
    ['IPv4 and IPv6', { ip: ['192.0.2.1', '2001:db8::1', '::1'] }],
    ['URIs and e-mails', { uri: ['https://x.example/p', 'spiffe://trust/ns/a'], email: ['a@b.example'] }],
  ];
  it.each(good)('accepts %s', (_l, sans) => expect(() => checkSans(sans)).not.toThrow());

  const bad: Array<[string, Parameters<typeof checkSans>[0], Array<string | number>]> = [
    ['a space in a name', { dns: ['a b.example'] }, ['body', 'sans', 'dns', 0]],
    ['a wildcard in the middle', { dns: ['a.*.example'] }, ['body', 'sans', 'dns', 0]],
    ['a label over 63 characters', { dns: [`${'a'.repeat(64)}.example`] }, ['body', 'sans', 'dns', 0]],
    ['an IPv4 octet over 255', { ip: ['192.0.2.1', '256.0.0.1'] }, ['body', 'sans', 'ip', 1]],
    ['a host name as IP', { ip: ['example.com'] }, ['body', 'sans', 'ip', 0]],
    ['a URI without scheme', { uri: ['//x.example'] }, ['body', 'sans', 'uri', 0]],
  ];
  it.each(bad)('refuses %s', (_l, sans, loc) => {
    try {
      checkSans(sans);
      throw new Error('accepted');
    } catch (e) {
      expect((e as { detail: Array<{ loc: unknown }> }).detail[0].loc).toEqual(loc);
    }
  });

  it('drops duplicates', () =>
    expect(checkSans({ dns: ['a.example', 'a.example'] }).dns).toEqual(['a.example']));
});

describe('checkNames (ACME)', () => {
  it('lower-cases and de-duplicates', () =>
    expect(checkNames(['A.Example', 'a.example', '127.0.0.1'])).toEqual(['a.example', '127.0.0.1']));
  it.each([['*.example'], ['localhost'], ['bad_name.example'], ['']])('refuses %j', (name) => {
    expect(() => checkNames(['ok.example', name])).toThrow();
  });
});

describe('sealing', () => {
  const key = deriveSealingKey(crypto.randomBytes(32));
  it('round-trips and detects any change', () => {
    const sealed = seal(key, 'id-1', Buffer.from('secret key bytes'));
    expect(unseal(key, 'id-1', sealed).toString()).toBe('secret key bytes');
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 1] ^= 1;
    expect(() => unseal(key, 'id-1', flipped)).toThrow();
    expect(() => unseal(deriveSealingKey(crypto.randomBytes(32)), 'id-1', sealed)).toThrow();
  });
  it('never seals the same key twice to the same bytes', () => {
    expect(seal(key, 'x', Buffer.from('k')).equals(seal(key, 'x', Buffer.from('k')))).toBe(false);
  });
});

describe('appliance secret', () => {
  it('is created once with mode 0600 and reused', () => {
    const dir = tempDir();
    const first = loadApplianceSecret(dir);
    expect(fs.statSync(path.join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(loadApplianceSecret(dir).equals(first)).toBe(true);
  });
  it('is made private again if its permissions were opened', () => {
    const dir = tempDir();
    loadApplianceSecret(dir);
    fs.chmodSync(path.join(dir, SECRET_FILE), 0o644);
    loadApplianceSecret(dir);
    expect(fs.statSync(path.join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
  });
  it('refuses a file that is not a secret', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SECRET_FILE), 'short', { mode: 0o600 });
    expect(() => loadApplianceSecret(dir)).toThrow('is not a PKI secret');
  });
});

describe('parsePrivateKey', () => {
  it('refuses kinds the PKI does not sign with', () => {
    const ed = crypto
      .generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => parsePrivateKey(ed)).toThrow('only RSA and ECDSA');
  });
  it('reads PKCS#1 RSA and SEC1 EC keys', () => {
    const rsa = crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    const ec = crypto
      .generateKeyPairSync('ec', { namedCurve: 'P-384' })
      .privateKey.export({ type: 'sec1', format: 'pem' })
      .toString();
    expect(parsePrivateKey(rsa).asymmetricKeyType).toBe('rsa');
    expect(parsePrivateKey(ec).asymmetricKeyDetails?.namedCurve).toBe('secp384r1');
  });
});
