/**
 * The fleet's agent on a real appliance and a real nats-server: its state record is put with no JetStream API right
 * and repeated at least every `publishEveryMs`; while the fleet is unreachable its events queue in the appliance's
 * database, bounded (the oldest dropped and counted), survive the agent's restart and are sent in order once the
 * fleet is back.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { FleetAgent, type FleetMembership } from '../../../src/appliance/fleet/agent/agent';
import { Outbox } from '../../../src/appliance/fleet/agent/outbox';
import { applianceSources } from '../../../src/appliance/fleet/agent/sources';
import { FleetConsumer } from '../../../src/appliance/fleet/consumer/consumer';
import { STATE_BUCKET } from '../../../src/appliance/fleet/subjects';
import { emitApplianceEvent } from '../../../src/appliance/events';
import { auditChainOf } from '../../../src/appliance';
import { startServer, type Harness } from '../support/harness';
import {
  eventually,
  makeCa,
  managerTlsOf,
  membershipOf,
  startNats,
  type NatsServer,
  type TestCa,
} from './support';

jest.setTimeout(120_000);

const id: string = crypto.randomUUID();
let ca: TestCa;
let nats: NatsServer;
let h: Harness;
let manager: Harness;
let membership: FleetMembership;
let consumer: FleetConsumer;
let agent: FleetAgent | null = null;

const makeAgent = (limit = 5) =>
  new FleetAgent({
    membership,
    outbox: new Outbox(h.ctx.db, limit),
    sources: applianceSources(h.ctx, {
      consoleUrl: 'https://edge.example/',
      auditChain: auditChainOf(h.ctx),
    }),
    publishEveryMs: 1000,
    checkEveryMs: 200,
    reconnectTimeWaitMs: 200,
  });

beforeAll(async () => {
  ca = await makeCa('Rampart Fleet CA (test)');
  nats = await startNats(ca, [id]);
  h = await startServer();
  membership = await membershipOf(ca, nats, id);
  manager = await startServer();
  consumer = new FleetConsumer({
    natsUrl: nats.url,
    tls: await managerTlsOf(ca),
    db: manager.ctx.db,
    isEnrolled: (x) => x === id,
    reconnectTimeWaitMs: 200,
  });
  await consumer.start();
});

afterEach(async () => {
  await agent?.stop();
  agent = null;
});

afterAll(async () => {
  await consumer?.stop();
  await h?.close();
  await manager?.close();
  await nats?.stop();
  if (nats) fs.rmSync(nats.dir, { recursive: true, force: true });
});

const texts = () =>
  consumer.store
    .eventsOf(id, 1000)
    .map((e) => (e.event as { audit?: { message: string } }).audit?.message ?? '')
    .reverse();

it('puts its record with no JetStream API right, and again at least every publishEveryMs', async () => {
  agent = makeAgent();
  agent.start();
  const tls = await managerTlsOf(ca);
  const nc = await connect({ servers: nats.url, tls: { cert: tls.certPem, key: tls.keyPem, ca: tls.caPem } });
  try {
    const kv = await new Kvm(jetstream(nc)).open(STATE_BUCKET);
    await eventually(async () => (await kv.get(id)) !== null, 20_000, 'the first record');
    const first = (await kv.get(id))!;
    expect(first.json<{ id: string; console_url: string }>()).toMatchObject({
      id,
      console_url: 'https://edge.example/',
    });
    await new Promise((r) => setTimeout(r, 2500));
    // Nothing changed, yet the record was written again (at most every second here).
    expect((await kv.get(id))!.revision).toBeGreaterThanOrEqual(first.revision + 2);
  } finally {
    await nc.close();
  }
});

it('sends an alert’s transitions as events', async () => {
  agent = makeAgent();
  agent.start();
  const alert = {
    key: 'cert:1',
    kind: 'certificate_expiry',
    severity: 'warning' as const,
    summary: 'ends <soon>',
  };
  emitApplianceEvent(h.ctx, 'alertChanged', { change: 'fired', ...alert, at: 1000 }, console);
  emitApplianceEvent(h.ctx, 'alertChanged', { change: 'resolved', ...alert, at: 2000 }, console);
  await eventually(
    () => consumer.store.eventsOf(id, 10).filter((e) => e.kind.startsWith('alert_')).length === 2,
    20_000,
    'two alert events',
  );
  const [resolved, fired] = consumer.store.eventsOf(id, 10).filter((e) => e.kind.startsWith('alert_'));
  expect(fired).toMatchObject({ kind: 'alert_fired', at: 1000, event: { alert } });
  expect(resolved).toMatchObject({ kind: 'alert_resolved', at: 2000 });
});

it('queues events while the fleet is away, bounded, across its own restart, and sends them in order when back', async () => {
  await nats.stop();
  agent = makeAgent(5);
  agent.start();
  for (let i = 1; i <= 8; i += 1) h.ctx.audit.record('settings', `offline ${i}`);
  expect(agent.status()).toMatchObject({ connected: false, queued: 5, dropped: 3 });
  // The queue is the appliance's database: a restart of the agent keeps it.
  await agent.stop();
  agent = makeAgent(5);
  agent.start();
  expect(agent.status()).toMatchObject({ queued: 5, dropped: 3 });
  await nats.start();
  await eventually(() => agent!.status().queued === 0, 30_000, 'the outbox sent');
  await eventually(() => texts().filter((t) => t.startsWith('offline')).length === 5, 20_000, 'five events');
  expect(texts().filter((t) => t.startsWith('offline'))).toEqual([
    'offline 4',
    'offline 5',
    'offline 6',
    'offline 7',
    'offline 8',
  ]);
});
