/**
 * The fleet settings (System → Fleet): an existing NATS cluster given by URL and credentials starts no nats-server
 * here and hands appliances that URL; the credentials are write-only (sealed, a marker in the configuration
 * document); bad settings are refused with located items and change nothing; only admins turn the fleet on.
 */
import { freePort } from '../../support/pebble';
import {
  adminAgent,
  grantPrivileges,
  startServer,
  userAgent,
  type Agent,
  type Harness,
} from '../support/harness';

jest.setTimeout(120_000);

let h: Harness;
let admin: Agent;

beforeAll(async () => {
  h = await startServer({
    config: { services: 'embedded', dnsPort: await freePort(), sshPort: await freePort() },
  });
  admin = await adminAgent(h);
});
afterAll(() => h?.close());

const base = async () => ({
  manage: true,
  nats: 'external' as const,
  public_host: '127.0.0.1',
  listen_address: '127.0.0.1',
  nats_port: await freePort(),
  enrol_port: await freePort(),
  external_url: 'tls://nats.example.net:4222',
});

it('refuses settings the schema cannot say, located, and keeps the stored ones', async () => {
  const before = (await admin.get('/api/fleet/settings')).json().settings;
  const cases: Array<[object, string[], string]> = [
    [{ external_credentials: undefined }, ['body', 'external_credentials'], 'value_error.missing'],
    [
      { external_url: 'http://nats.example.net', external_credentials: 'x' },
      ['body', 'external_url'],
      'value_error.url',
    ],
    [{ public_host: 'not a host', external_credentials: 'x' }, ['body', 'public_host'], 'value_error.host'],
    [
      { nats: 'embedded', nats_port: 4500, enrol_port: 4500, external_url: '' },
      ['body', 'enrol_port'],
      'value_error.duplicate',
    ],
  ];
  for (const [change, loc, type] of cases) {
    const res = await admin.put('/api/fleet/settings', { ...(await base()), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc, type });
  }
  expect((await admin.get('/api/fleet/settings')).json().settings).toEqual(before);
});

it('with an existing cluster: no nats-server here, appliances get its URL, the credentials never come back', async () => {
  const res = await admin.put('/api/fleet/settings', {
    ...(await base()),
    external_credentials: '-----BEGIN NATS USER JWT-----\nsecret-jwt\n------END NATS USER JWT------\n',
  });
  expect(res.statusCode).toBe(200);
  expect(res.body).not.toContain('secret-jwt');
  expect(res.json()).toMatchObject({
    settings: { nats: 'external', has_external_credentials: true },
    status: { nats_url: 'tls://nats.example.net:4222', problem: null },
  });
  const service = (await admin.get('/api/fleet/service')).json();
  expect(service).toMatchObject({ enabled: false, status: 'stopped' });
  // The configuration document shows a marker, never the value.
  const doc = (await admin.get('/api/config')).json();
  expect(doc.sections['settings.fleet'].settings.external_credentials).toEqual({
    $secret: expect.any(String),
  });
  expect(JSON.stringify(doc)).not.toContain('secret-jwt');
  // Appliances are still enrolled here: the enrolment listener runs with the cluster too.
  const added = await admin.post('/api/fleet/appliances', { name: 'edge' });
  expect(added.statusCode).toBe(201);
  expect(added.json()).toMatchObject({ enrol_address: expect.stringMatching(/^https:\/\/127\.0\.0\.1:/) });
  expect(added.json().code.length).toBeGreaterThanOrEqual(22);
});

it('turning the fleet on is for admins only, even with the fleet write privilege', async () => {
  const operator = await userAgent(h, 'fleet-operator');
  await grantPrivileges(h, 'fleet-operator', { fleet: 'write' });
  const res = await operator.put('/api/fleet/settings', { ...(await base()), manage: false });
  expect(res.statusCode).toBe(403);
  expect((await operator.get('/api/fleet/appliances')).statusCode).toBe(200);
});
