/**
 * The network preferences' configuration section: the plan marks as lock-out-prone exactly the fields safe apply
 * opens its confirmation window for (network/lockout.ts): the host name and the domain, not the servers or the
 * time zone.
 */
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';

const saved = {
  hostname: 'gateway-1',
  domain: 'example.net',
  dns_servers: ['192.0.2.53'],
  ntp_servers: ['pool.ntp.org'],
  timezone: 'Europe/Paris',
};

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  expect((await admin.put('/api/network/preferences', saved)).statusCode).toBe(200);
}, 60_000);
afterAll(() => h.close());

const planOf = async (change: Partial<typeof saved>) => {
  const doc = (await admin.get('/api/config')).json();
  Object.assign(doc.sections['network.preferences'].preferences, change);
  const res = await admin.post('/api/config/plan', doc);
  expect(res.statusCode).toBe(200);
  return (res.json() as { changes: Array<{ section: string; lockout_prone: boolean }> }).changes.filter(
    (c) => c.section === 'network.preferences',
  );
};

it.each([
  ['the host name', { hostname: 'gateway-2' }, true],
  ['the domain', { domain: 'example.org' }, true],
  ['the DNS servers', { dns_servers: ['192.0.2.54'] }, false],
  ['the time zone', { timezone: 'Europe/Berlin' }, false],
])('a document changing %s plans it lock-out-prone: %s', async (_what, change, prone) => {
  const changes = await planOf(change);
  expect(changes).toEqual([expect.objectContaining({ lockout_prone: prone })]);
});
