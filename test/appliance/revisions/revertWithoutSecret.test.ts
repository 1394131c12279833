/**
 * Reverting the deletion of an item whose secret went with it (issue 29): a revision never holds a secret's value,
 * so the item comes back disabled and without its secret, and the plan says so for that entity; its page then shows
 * it without a secret. Reverting the addition of such an item removes it (its secret goes with it).
 */
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { documentHelpers, type Entity } from './support';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

const { latest, finished } = documentHelpers(() => ({ h, admin }));

/** The revert's plan (GET), then the revert itself; answers the plan's changes. */
async function revertLatest(): Promise<Array<Entity>> {
  const { id } = await latest();
  const plan = await admin.get(`/api/revisions/${id}/revert-plan`);
  expect(plan.statusCode).toBe(200);
  const res = await admin.post(`/api/revisions/${id}/revert`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ revision: expect.any(Number) });
  expect(res.json().plan.changes).toEqual(plan.json().changes);
  await finished(res.json().job);
  return plan.json().changes as Entity[];
}

it('brings back a deleted dynamic DNS account turned off and without its token, saying so in the plan', async () => {
  const add = await admin.post('/api/dns/dynamic/accounts', {
    provider: 'duckdns',
    hostname: 'home.duckdns.org',
    username: '',
    update_url: '',
    ip_source: 'web',
    check_url: '',
    interface: '',
    interval_seconds: 300,
    ttl: 60,
    enabled: true,
    secret: 'token-1',
  });
  expect(add.statusCode).toBe(201);
  const id = add.json().id as number;
  const del = await admin.request({ method: 'DELETE', url: `/api/dns/dynamic/accounts/${id}` });
  expect(del.statusCode).toBe(204);

  const changes = await revertLatest();
  expect(changes).toEqual([
    expect.objectContaining({
      section: 'dns.dynamic',
      id: `account:${id}`,
      op: 'added',
      note: 'comes back turned off, without its password or token: enter it again on the Dynamic DNS page',
    }),
  ]);
  const accounts = (await admin.get('/api/dns/dynamic')).json().accounts as Entity[];
  expect(accounts).toEqual([
    expect.objectContaining({ id, hostname: 'home.duckdns.org', enabled: false, has_secret: false }),
  ]);
  // Turned on again without its token, the page's own rule asks for it.
  const { id: _id, has_secret: _s, ...rest } = accounts[0];
  const on = await admin.put(`/api/dns/dynamic/accounts/${id}`, {
    ...Object.fromEntries(
      Object.entries(rest).filter(([k]) =>
        [
          'provider',
          'hostname',
          'username',
          'update_url',
          'ip_source',
          'check_url',
          'interface',
          'interval_seconds',
          'ttl',
        ].includes(k),
      ),
    ),
    enabled: true,
  });
  expect(on.statusCode).toBe(422);
  expect(on.json().detail[0]).toMatchObject({ loc: ['body', 'secret'], type: 'value_error.missing' });
});

it('brings back a deleted signed webhook disabled and unsigned, saying so in the plan', async () => {
  const add = await admin.post('/api/alerts/channels', {
    name: 'Pager',
    type: 'webhook',
    enabled: true,
    min_severity: 'warning',
    kinds: [],
    url: 'https://hooks.example.net/rampart',
    secret: 'a-long-signing-secret-0123',
  });
  expect(add.statusCode).toBe(201);
  const id = add.json().id as number;
  expect((await admin.request({ method: 'DELETE', url: `/api/alerts/channels/${id}` })).statusCode).toBe(204);

  const changes = await revertLatest();
  expect(changes).toEqual([
    expect.objectContaining({
      id: `channel:${id}`,
      op: 'added',
      note: 'comes back disabled, without its signing secret: enter it again on the Alert channels page',
    }),
  ]);
  expect((await admin.get('/api/alerts/channels')).json().data).toEqual([
    expect.objectContaining({ id, name: 'Pager', enabled: false, has_secret: false }),
  ]);
});

it('brings back a deleted directory disabled and without its bind password, and its place on the SSH service', async () => {
  const add = await admin.post('/api/authentication/providers', {
    name: 'Directory',
    type: 'ldap',
    enabled: true,
    ldap: {
      url: 'ldap://127.0.0.1:1',
      starttls: false,
      ca_id: null,
      bind_dn: 'cn=reader,dc=example,dc=test',
      bind_password: 'reader-secret',
      base_dn: 'dc=example,dc=test',
      user_filter: '(uid={username})',
      group_base_dn: '',
      group_filter: '',
      username_attribute: 'uid',
      email_attribute: 'mail',
      name_attribute: 'cn',
      group_name_attribute: 'cn',
    },
  });
  expect(add.statusCode).toBe(201);
  const id = add.json().id as number;
  expect((await admin.put('/api/authentication/services/ssh', { provider_ids: [id, 1] })).statusCode).toBe(
    200,
  );
  expect(
    (await admin.request({ method: 'DELETE', url: `/api/authentication/providers/${id}` })).statusCode,
  ).toBe(204);

  const changes = await revertLatest();
  expect(changes).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        id: `provider:${id}`,
        op: 'added',
        note: 'comes back disabled, without its bind password: enter it again on the Providers page',
      }),
      expect.objectContaining({ id: 'service:ssh', op: 'changed' }),
    ]),
  );
  expect((await admin.get(`/api/authentication/providers/${id}`)).json()).toMatchObject({
    name: 'Directory',
    enabled: false,
    ldap: { bind_dn: 'cn=reader,dc=example,dc=test', has_bind_password: false },
  });
  const ssh = (await admin.get('/api/authentication/services/ssh')).json() as {
    providers: Array<{ name: string }>;
  };
  expect(ssh.providers.map((p) => p.name)).toEqual(['Directory', 'Local accounts']);
});

it('reverts the addition of an item with a secret by removing it', async () => {
  const add = await admin.post('/api/alerts/channels', {
    name: 'Second pager',
    type: 'webhook',
    enabled: true,
    min_severity: 'warning',
    kinds: [],
    url: 'https://hooks.example.net/second',
    secret: 'another-long-signing-secret',
  });
  expect(add.statusCode).toBe(201);
  const changes = await revertLatest();
  expect(changes).toEqual([expect.objectContaining({ id: `channel:${add.json().id}`, op: 'removed' })]);
  const names = ((await admin.get('/api/alerts/channels')).json().data as Entity[]).map((c) => c.name);
  expect(names).not.toContain('Second pager');
});

it('restoring the configuration as of before a deletion says the same of the item it brings back', async () => {
  const add = await admin.post('/api/alerts/channels', {
    name: 'Night pager',
    type: 'webhook',
    enabled: true,
    min_severity: 'critical',
    kinds: [],
    url: 'https://hooks.example.net/night',
    secret: 'a-third-long-signing-secret',
  });
  expect(add.statusCode).toBe(201);
  const added = await latest();
  const id = add.json().id as number;
  expect((await admin.request({ method: 'DELETE', url: `/api/alerts/channels/${id}` })).statusCode).toBe(204);
  const plan = await admin.get(`/api/revisions/${added.id}/restore-plan`);
  expect(plan.statusCode).toBe(200);
  expect(plan.json().changes).toEqual([
    expect.objectContaining({
      id: `channel:${id}`,
      op: 'added',
      note: 'comes back disabled, without its signing secret: enter it again on the Alert channels page',
    }),
  ]);
});
