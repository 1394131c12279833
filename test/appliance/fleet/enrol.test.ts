/**
 * Enrolment end to end on loopback: a managing console turns the fleet on (the Fleet CA on its CA pages, its
 * nats-server running under the service manager and answering TLS), adds an appliance, and a second console with
 * its own data directory joins with the code, address and fingerprint, then connects to that nats-server with the
 * certificate it got; removing it closes its connection and keeps it out. Refusals are in
 * test/security/fleet-enrolment.test.ts.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { applianceOf } from '../../../src/appliance';
import { managerMaterial, readFleetMembership } from '../../../src/appliance/fleet';
import { subjects, MANAGER_IDENTITY } from '../../../src/appliance/fleet/subjects';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { addAppliance, startManager, type Manager } from './enrolSupport';

jest.setTimeout(120_000);

let m: Manager;
let joiner: Harness;
let joinerAdmin: Agent;
const open: NatsConnection[] = [];

beforeAll(async () => {
  m = await startManager();
  joiner = await startServer();
  joinerAdmin = await adminAgent(joiner);
});
afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close().catch(() => undefined)));
  await joiner?.close();
  await m?.h.close();
});

const natsUrl = () => `tls://127.0.0.1:${m.natsPort}`;

it('turning the fleet on puts the Fleet CA on the CA pages, with its CRL, and runs nats-server', async () => {
  const cas = (await m.admin.get('/api/pki/cas')).json().data as Array<{
    name: string;
    crl: unknown;
    key_algorithm: string;
  }>;
  const fleetCa = cas.find((c) => c.name === 'Rampart Fleet CA');
  expect(fleetCa).toBeDefined();
  expect(fleetCa!.crl).not.toBeNull();
  const service = (await m.admin.get('/api/fleet/service')).json();
  expect(service).toMatchObject({ name: 'fleet', status: 'running', enabled: true });
  // Its output is in the log store, under the fleet.
  const lines = m.h.ctx.db
    .prepare("SELECT message FROM logs WHERE service = 'fleet' AND message LIKE 'nats-server:%'")
    .all() as Array<{ message: string }>;
  expect(lines.some((l) => /Server is ready/.test(l.message))).toBe(true);
  // The manager's own identity (CN=rampart-fleet-manager) is admitted over mutual TLS.
  const mine = managerMaterial(m.h.ctx)!;
  const nc = await connect({
    servers: natsUrl(),
    tls: { cert: mine.certPem, key: mine.keyPem, ca: mine.caPem },
    maxReconnectAttempts: 0,
  });
  open.push(nc);
  await nc.flush();
  expect(mine.certPem).toContain('BEGIN CERTIFICATE');
  expect(MANAGER_IDENTITY).toBe('CN=rampart-fleet-manager');
  // Without a client certificate the server refuses.
  await expect(
    connect({ servers: natsUrl(), tls: { ca: mine.caPem }, maxReconnectAttempts: 0, timeout: 3000 }),
  ).rejects.toThrow();
});

it('an appliance joins with code, address and fingerprint, connects with its own certificate, and is shut out once removed', async () => {
  const { id, code } = await addAppliance(m, 'branch-office', 'north');
  const joined = await joinerAdmin.post('/api/fleet/join', {
    code,
    address: m.enrolAddress,
    fingerprint: m.fingerprint,
  });
  expect(joined.statusCode).toBe(201);
  expect(joined.json()).toMatchObject({
    appliance_id: id,
    nats_url: natsUrl(),
    ca_fingerprint_sha256: m.fingerprint,
  });

  // The agent's view: its key stayed on the joining console (never in the manager's database).
  const membership = readFleetMembership(joiner.ctx)!;
  expect(membership.applianceId).toBe(id);
  const managerDb = applianceOf(m.h.app).db;
  const keyBody = membership.keyPem.split('\n')[1];
  expect(JSON.stringify(managerDb.prepare('SELECT * FROM pki_keys').all())).not.toContain(keyBody);

  const listed = (await m.admin.get('/api/fleet/appliances?q=branch')).json();
  expect(listed.data).toEqual([
    expect.objectContaining({ id, name: 'branch-office', group: 'north', state: 'enrolled' }),
  ]);
  const detail = (await m.admin.get(`/api/fleet/appliances/${id}`)).json();
  expect(detail.history.map((e: { event: string }) => e.event)).toEqual(['added', 'enrolled']);
  const cert = (await m.admin.get(`/api/pki/certificates/${detail.certificate_id}`)).json();
  expect(cert.subject).toBe(`CN=rampart-appliance-${id}`);

  // Connected as itself: what the manager addresses to it arrives.
  const tlsOpts = { cert: membership.certPem, key: membership.keyPem, ca: membership.caPem };
  const nc = await connect({
    servers: membership.natsUrl,
    tls: tlsOpts,
    inboxPrefix: subjects.inbox(id),
    maxReconnectAttempts: 0,
  });
  open.push(nc);
  const got: string[] = [];
  nc.subscribe(`${subjects.to(id)}.>`, {
    callback: (_e, msg) => {
      got.push(msg.string());
    },
  });
  await nc.flush();
  const mine = managerMaterial(m.h.ctx)!;
  const mgr = await connect({
    servers: natsUrl(),
    tls: { cert: mine.certPem, key: mine.keyPem, ca: mine.caPem },
  });
  open.push(mgr);
  mgr.publish(`${subjects.to(id)}.hello`, 'hi');
  await mgr.flush();
  await waitFor(() => got.length === 1);
  expect(got).toEqual(['hi']);

  // Removed: its certificate revoked, its connection closed, a new one refused.
  const closed = nc.closed();
  const removed = await m.admin.request({ method: 'DELETE', url: `/api/fleet/appliances/${id}` });
  expect(removed.statusCode).toBe(204);
  await closed;
  expect((await m.admin.get(`/api/pki/certificates/${detail.certificate_id}`)).json().status).toBe('revoked');
  expect((await m.admin.get(`/api/fleet/appliances/${id}`)).json().state).toBe('removed');
  await expect(
    connect({
      servers: membership.natsUrl,
      tls: tlsOpts,
      inboxPrefix: subjects.inbox(id),
      maxReconnectAttempts: 0,
      timeout: 3000,
    }),
  ).rejects.toThrow();
  // Removing it again is refused, and says why.
  const again = await m.admin.request({ method: 'DELETE', url: `/api/fleet/appliances/${id}` });
  expect(again.statusCode).toBe(409);
  expect(again.json().detail[0].type).toBe('value_error.fleet.removed');
});

it('stores and answers a name with markup as the text it is', async () => {
  const name = '<img src=x onerror=alert(1)> & "co"';
  const { id } = await addAppliance(m, name);
  const res = await m.admin.get(`/api/fleet/appliances/${id}`);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json().name).toBe(name);
});

it('bulk removal removes each it can and names the others', async () => {
  const a = await addAppliance(m, 'bulk-a');
  const b = await addAppliance(m, 'bulk-b');
  await m.admin.request({ method: 'DELETE', url: `/api/fleet/appliances/${b.id}` });
  const res = await m.admin.post('/api/fleet/appliances/bulk', { action: 'remove', ids: [a.id, b.id] });
  expect(res.statusCode).toBe(200);
  expect(res.json().done).toEqual([a.id]);
  expect(res.json().refused).toEqual([expect.objectContaining({ id: b.id, name: 'bulk-b' })]);
});

async function waitFor(ok: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
