/** The console's optional HTTPS listener, served with a certificate of this PKI and following its renewals. */
import net from 'node:net';
import tls from 'node:tls';
import { pkiOf } from '../../../src/appliance/pki';
import { adminAgent, startServer, tempDataDir, type Harness } from '../support/harness';
import { rootCaBody } from './support';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Connects with TLS, verifying against `ca`, and returns the served certificate's SHA-256 fingerprint and an HTTP answer. */
function fetchOverTls(
  port: number,
  ca: string,
  path: string,
): Promise<{ fingerprint: string; response: string }> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => {
      const fingerprint = socket.getPeerCertificate().fingerprint256.replace(/:/g, '').toLowerCase();
      let response = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => (response += c));
      socket.on('end', () => resolve({ fingerprint, response }));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    socket.on('error', reject);
  });
}

let dataDir: string;
let certId: string;
let caPem: string;
let h: Harness;

beforeAll(async () => {
  dataDir = tempDataDir();
  const first = await startServer({ dataDir });
  const admin = await adminAgent(first);
  const ca = (await admin.post('/api/pki/cas', rootCaBody('Console TLS Root', 'ec-p256'))).json();
  caPem = (await admin.get(`/api/pki/cas/${ca.id}/certificate`)).body;
  certId = (
    await admin.post('/api/pki/certificates', {
      ca_id: ca.id,
      profile: 'server',
      subject: { common_name: 'localhost' },
      sans: { dns: ['localhost'], ip: ['127.0.0.1'] },
      validity_days: 30,
      key_type: 'ec-p256',
    })
  ).json().id;
  await first.close();
  h = await startServer({ dataDir, config: { httpsPort: await freePort(), httpsCertificate: certId } });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(() => h.close());

describe('console HTTPS listener', () => {
  it('serves the console with the configured PKI certificate, which says it is used', async () => {
    const port = pkiOf(h.ctx).https!.port()!;
    const admin = await adminAgent(h);
    const cert = (await admin.get(`/api/pki/certificates/${certId}`)).json();
    const { fingerprint, response } = await fetchOverTls(port, caPem, '/api/config/settings');
    expect(fingerprint).toBe(cert.fingerprint_sha256);
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('"primary_color"');
    expect(cert.used_by).toEqual([`console HTTPS listener (port ${port})`]);
    const del = await admin.request({ method: 'DELETE', url: `/api/pki/certificates/${certId}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().detail[0]).toMatchObject({
      type: 'value_error.pki.in_use',
      ctx: { used_by: [`console HTTPS listener (port ${port})`] },
    });
  }, 30_000);

  it('switches to a renewal of the certificate without a restart', async () => {
    const p = pkiOf(h.ctx);
    const admin = await adminAgent(h);
    expect(p.https!.reload()).toBe(false);
    const renewed = (await admin.post(`/api/pki/certificates/${certId}/renew`, {})).json();
    expect(p.https!.reload()).toBe(true);
    const { fingerprint } = await fetchOverTls(p.https!.port()!, caPem, '/api/config/settings');
    expect(fingerprint).toBe(renewed.fingerprint_sha256);
    expect((await admin.get(`/api/pki/certificates/${renewed.id}`)).json().used_by).toHaveLength(1);
  }, 30_000);

  it('refuses to start when the certificate is unknown', async () => {
    const other = tempDataDir();
    await expect(
      startServer({
        dataDir: other,
        config: { httpsPort: await freePort(), httpsCertificate: 'no-such-certificate' },
      }),
    ).rejects.toThrow('RAMPART_HTTPS_CERTIFICATE: no PKI certificate has the id no-such-certificate');
  });
});
