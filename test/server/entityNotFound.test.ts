/**
 * A detail page for an entity the appliance does not know, rendered by the server as an appliance in production
 * serves it: the spec's 404 page naming the path, answered with HTTP 404, on every detail route; a known entity is
 * its page (200), and a load that failed for another reason is no 404.
 */
import fs from 'node:fs';
import {
  adminAgent,
  grantPrivileges,
  startServer,
  userAgent,
  type Agent,
  type Harness,
} from '../appliance/support/harness';

let h: Harness;
let admin: Agent;
let caId: string;
let certId: string;

const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000abcd';

beforeAll(async () => {
  h = await startServer({ config: { env: 'production' } });
  admin = await adminAgent(h);
  const ca = await admin.post('/api/pki/cas', {
    name: 'Render Root',
    key_type: 'ec-p256',
    subject: { common_name: 'Render Root', organization: 'Rampart Tests', country: 'FR' },
    validity_days: 365,
  });
  expect(ca.statusCode).toBe(201);
  caId = ca.json().id;
  const cert = await admin.post('/api/pki/certificates', {
    ca_id: caId,
    profile: 'server',
    subject: { common_name: 'known.example.test' },
    sans: { dns: ['known.example.test'], ip: [], uri: [], email: [] },
    validity_days: 30,
    key_type: 'ec-p256',
  });
  expect(cert.statusCode).toBe(201);
  certId = cert.json().id;
}, 60_000);
afterAll(async () => {
  await h.close();
  fs.rmSync(h.dataDir, { recursive: true, force: true });
});

const notFoundPage = (body: string, path: string) =>
  body.includes('<h1>Page Not Found</h1>') && body.includes(`<code class="error-page__path">${path}</code>`);

describe('server renders of detail pages', () => {
  it.each([
    `/system/certificates/${UNKNOWN_UUID}`,
    `/system/certificate-authorities/${UNKNOWN_UUID}`,
    `/system/certificate-revocation-lists/${UNKNOWN_UUID}`,
    `/system/acme-orders/${UNKNOWN_UUID}`,
    '/authentication/users/999',
    '/authentication/groups/999',
    '/authentication/services/mail',
    '/authentication/providers/999',
  ])('%s, unknown to the appliance, answers 404 with the 404 page naming it', async (path) => {
    const res = await admin.get(path);
    expect(res.statusCode).toBe(404);
    expect(notFoundPage(res.body, path)).toBe(true);
    expect(res.body).not.toContain('does not exist.</p>');
  });

  it('of a known entity answer 200 with its page', async () => {
    const cert = await admin.get(`/system/certificates/${certId}`);
    expect(cert.statusCode).toBe(200);
    expect(cert.body).toContain('known.example.test');
    expect(cert.body).not.toContain('Page Not Found');
    const ca = await admin.get(`/system/certificate-authorities/${caId}`);
    expect(ca.statusCode).toBe(200);
    expect(ca.body).toContain('Render Root');
    const user = await admin.get('/authentication/users/1');
    expect(user.statusCode).toBe(200);
    expect(user.body).toContain('User admin');
    expect(user.body).not.toContain('Page Not Found');
  });

  it('of an entity of an area the account may not read are no 404 but the no-access page (403)', async () => {
    const reader = await userAgent(h, 'dina');
    await grantPrivileges(h, 'dina', { dns: 'read' });
    const res = await reader.get('/authentication/users/1');
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('You do not have access to Authentication');
    expect(res.body).not.toContain('could not be loaded');
    expect(res.body).not.toContain('Page Not Found');
  });

  it('keep the page of an unknown entity with its 404: the same request again is the kept page, 404 too', async () => {
    const pages = h.app.signedInPages;
    expect(pages.enabled).toBe(true);
    const keep = jest.spyOn(pages, 'keep');
    try {
      const path = '/authentication/users/998';
      const first = await admin.get(path);
      expect(first.statusCode).toBe(404);
      expect(notFoundPage(first.body, path)).toBe(true);
      expect(keep).toHaveBeenCalledTimes(1);
      const [key, kept] = keep.mock.calls[0]!;
      expect(kept.status).toBe(404);
      // The page says the user is unknown; its state holds no error toast repeating it (whose id would be new on
      // every render and so make every render another input).
      expect(key).not.toContain('"toasts":[{');
      const size = pages.size;
      // The next request of the very same page is given the kept page (nothing rendered, nothing kept anew), with
      // its own nonces, and answers 404 as well.
      const second = await admin.get(path);
      expect(second.statusCode).toBe(404);
      expect(notFoundPage(second.body, path)).toBe(true);
      expect(keep).toHaveBeenCalledTimes(1);
      expect(pages.size).toBe(size);
      const nonce = /<script nonce="([^"]+)"/.exec(second.body)?.[1];
      expect(nonce).toBeTruthy();
      expect(nonce).not.toBe(/<script nonce="([^"]+)"/.exec(first.body)?.[1]);
    } finally {
      keep.mockRestore();
    }
  });
});
