/** Services and the providers they authenticate against, in fallback order. */
import { adminAgent, startServer, userAgent, type Agent, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;

beforeEach(async () => {
  h = await startServer();
  admin = await adminAgent(h);
});
afterEach(() => h.close());

const ldap = (name: string) =>
  admin.post('/api/authentication/providers', {
    name,
    type: 'ldap',
    enabled: true,
    ldap: {
      url: 'ldap://127.0.0.1:389',
      starttls: false,
      ca_id: null,
      bind_dn: '',
      base_dn: 'dc=example,dc=com',
      user_filter: '(uid={username})',
      group_base_dn: '',
      group_filter: '',
      username_attribute: 'uid',
      email_attribute: 'mail',
      name_attribute: 'cn',
      group_name_attribute: 'cn',
    },
  });

const oidc = (name: string) =>
  admin.post('/api/authentication/providers', {
    name,
    type: 'oidc',
    enabled: true,
    oidc: {
      issuer: 'https://op.example.com',
      client_id: 'rampart',
      scopes: ['openid'],
      username_claim: 'preferred_username',
      email_claim: 'email',
      name_claim: 'name',
      groups_claim: '',
    },
  });

const names = (service: { providers: Array<{ name: string }> }) => service.providers.map((p) => p.name);

it('starts with every service on the local accounts', async () => {
  const list = (await admin.get('/api/authentication/services')).json().data;
  expect(list.map((s: { id: string }) => s.id)).toEqual(['console', 'ssh', 'api']);
  for (const s of list) expect(names(s)).toEqual(['Local accounts']);
});

it('keeps the fallback order it is given, and a removed provider leaves the lists', async () => {
  const a = (await ldap('Directory A')).json();
  const b = (await ldap('Directory B')).json();
  const res = await admin.put('/api/authentication/services/ssh', { provider_ids: [b.id, 1, a.id] });
  expect(res.statusCode).toBe(200);
  expect(names(res.json())).toEqual(['Directory B', 'Local accounts', 'Directory A']);
  const reordered = await admin.put('/api/authentication/services/ssh', { provider_ids: [a.id, b.id, 1] });
  expect(names(reordered.json())).toEqual(['Directory A', 'Directory B', 'Local accounts']);
  await admin.request({ method: 'DELETE', url: `/api/authentication/providers/${a.id}` });
  expect(names((await admin.get('/api/authentication/services/ssh')).json())).toEqual([
    'Directory B',
    'Local accounts',
  ]);
});

it.each([
  ['console', { provider_ids: [] }, ['provider_ids'], 'value_error.list.min_items'],
  ['console', { provider_ids: [1, 1] }, ['provider_ids', 1], 'value_error.duplicate'],
  ['console', { provider_ids: ['1'] }, ['provider_ids', 0], 'type_error.integer'],
  ['console', { provider_ids: [1, 999] }, ['provider_ids', 1], 'value_error.not_found'],
  ['console', {}, ['provider_ids'], 'value_error.missing'],
])('refuses a bad list for %s: %j', async (service, body, loc, type) => {
  const res = await admin.put(`/api/authentication/services/${service}`, body);
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toEqual(
    expect.arrayContaining([expect.objectContaining({ loc: ['body', ...loc], type })]),
  );
});

it('keeps the local accounts on the console, and OpenID providers off SSH and the API', async () => {
  const d = (await ldap('Directory')).json();
  const o = (await oidc('Company SSO')).json();
  const noLocal = await admin.put('/api/authentication/services/console', { provider_ids: [d.id] });
  expect(noLocal.json().detail[0]).toMatchObject({ type: 'value_error.local_required' });
  const sshOidc = await admin.put('/api/authentication/services/ssh', { provider_ids: [1, o.id] });
  expect(sshOidc.json().detail[0]).toMatchObject({
    loc: ['body', 'provider_ids', 1],
    type: 'value_error.provider_type',
  });
  const consoleOidc = await admin.put('/api/authentication/services/console', {
    provider_ids: [1, o.id, d.id],
  });
  expect(names(consoleOidc.json())).toEqual(['Local accounts', 'Company SSO', 'Directory']);
  // Nothing changed where the request was refused.
  expect(names((await admin.get('/api/authentication/services/ssh')).json())).toEqual(['Local accounts']);
});

it('refuses an unknown service (422) and non-admins (403)', async () => {
  expect((await admin.get('/api/authentication/services/ftp')).statusCode).toBe(422);
  const user = await userAgent(h, 'viewer');
  expect((await user.get('/api/authentication/services')).statusCode).toBe(403);
  expect((await user.put('/api/authentication/services/ssh', { provider_ids: [1] })).statusCode).toBe(403);
});
