/**
 * Reading revocation lists on the worker: a list the appliance builds for a CA with thousands of revoked serials is
 * read back whole (asn1js alone stops at 10,000 ASN.1 nodes, about 1,250 entries), and its signature checks against
 * the CA that made it — for the appliance and for openssl.
 */
import crypto from 'node:crypto';
import { tasks } from '../../../src/appliance/pki/worker/tasks';
import { x509 } from '../../../src/appliance/pki/x509';
import { openssl, tempDir, writeTemp } from './support';

async function makeCa() {
  const keys = (await crypto.webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Revocation test CA',
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const pkcs8 = new Uint8Array(await crypto.webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { certDer: new Uint8Array(cert.rawData), pkcs8, pem: cert.toString('pem') };
}

describe.each([10, 1_300, 3_000])('a CRL of %i revoked serials', (count) => {
  let der: Uint8Array;
  let ca: Awaited<ReturnType<typeof makeCa>>;
  beforeAll(async () => {
    ca = await makeCa();
    der = await tasks.buildCrl({
      caCertDer: ca.certDer,
      caKeyPkcs8: ca.pkcs8,
      thisUpdate: Date.now(),
      nextUpdate: Date.now() + 86_400_000,
      number: 7,
      entries: Array.from({ length: count }, (_, i) => ({
        serial: (0x1000 + i).toString(16),
        revokedAt: Date.now() - 1000,
        reason: x509.X509CrlReason.keyCompromise,
      })),
    });
  });

  it('is read back whole, as stored and as uploaded', () => {
    expect(tasks.describeCrl(der).revoked).toHaveLength(count);
    const pem = x509.PemConverter.encode(Buffer.from(der), 'X509 CRL');
    const read = tasks.readCrl(pem);
    expect(read.facts.revoked).toHaveLength(count);
    expect(read.facts.revoked[count - 1].serial).toBe((0x1000 + count - 1).toString(16));
    expect(Buffer.from(read.der).equals(Buffer.from(der))).toBe(true);
  });

  it('verifies with openssl against its CA, every serial and reason listed', () => {
    const dir = tempDir();
    const crlFile = writeTemp(dir, 'list.crl', Buffer.from(der));
    const caFile = writeTemp(dir, 'ca.pem', ca.pem);
    const r = openssl(['crl', '-inform', 'DER', '-in', crlFile, '-CAfile', caFile, '-noout', '-text']);
    expect(r.stderr).toMatch(/verify OK/);
    expect(r.stdout.match(/Serial Number:/g)).toHaveLength(count);
    expect(r.stdout.match(/Key Compromise/g)).toHaveLength(count);
  });

  it('is signed by its CA and by no other', async () => {
    const other = await makeCa();
    expect(await tasks.crlSignerIndex(der, [other.certDer, ca.certDer])).toBe(1);
    expect(await tasks.crlSignerIndex(der, [other.certDer])).toBe(-1);
  });
});
