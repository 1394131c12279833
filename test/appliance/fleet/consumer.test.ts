/**
 * The fleet's state and events end to end on a real nats-server (Debian's 2.9) and real Rampart appliances: three
 * managed appliances run the agent with their own certificates, a fourth console runs the manager's consumer. States
 * arrive with the appliances' real fields; a stopped appliance turns offline once its record is stale and online
 * again when it is back; events raised while the manager was stopped arrive once after it restarts (the durable
 * consumer); the server restarting under traffic loses no acknowledged event; a name with markup is kept as text.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { FleetAgent } from '../../../src/appliance/fleet/agent/agent';
import { Outbox } from '../../../src/appliance/fleet/agent/outbox';
import { applianceSources } from '../../../src/appliance/fleet/agent/sources';
import { FleetConsumer } from '../../../src/appliance/fleet/consumer/consumer';
import { auditChainOf } from '../../../src/appliance';
import { applianceVersionOf } from '../../../src/appliance/revisions/sections';
import { supervisorOf } from '../../../src/appliance/services';
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

jest.setTimeout(180_000);

const STALE_MS = 3000;
const MARKUP = '<img src=x onerror="alert(1)">edge-1';
const ids: string[] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
let ca: TestCa;
let nats: NatsServer;
let manager: Harness;
let consumer: FleetConsumer;
let managerTls: Awaited<ReturnType<typeof managerTlsOf>>;
const appliances: Array<{ h: Harness; agent: FleetAgent; id: string; start(): void }> = [];

const makeConsumer = () =>
  new FleetConsumer({
    natsUrl: nats.url,
    tls: managerTls,
    db: manager.ctx.db,
    isEnrolled: (id) => ids.includes(id),
    staleAfterMs: STALE_MS,
    reconnectTimeWaitMs: 200,
  });

beforeAll(async () => {
  ca = await makeCa('Rampart Fleet CA (test)');
  nats = await startNats(ca, ids);
  managerTls = await managerTlsOf(ca);
  manager = await startServer();
  consumer = makeConsumer();
  await consumer.start();
  for (const [i, id] of ids.entries()) {
    const h = await startServer();
    const membership = await membershipOf(ca, nats, id);
    const make = () =>
      new FleetAgent({
        membership,
        outbox: new Outbox(h.ctx.db),
        sources: applianceSources(h.ctx, {
          consoleUrl: `https://edge-${i + 1}.example:8443/`,
          auditChain: auditChainOf(h.ctx),
          hostname: () => (i === 0 ? MARKUP : `edge-${i + 1}`),
        }),
        publishEveryMs: 1000,
        checkEveryMs: 250,
        reconnectTimeWaitMs: 200,
      });
    const entry = {
      h,
      id,
      agent: make(),
      start() {
        entry.agent = make();
        entry.agent.start();
      },
    };
    entry.agent.start();
    appliances.push(entry);
  }
});

afterAll(async () => {
  for (const a of appliances) await a.agent.stop();
  await consumer?.stop();
  for (const a of appliances) await a.h.close();
  await manager?.close();
  await nats?.stop();
  if (nats) fs.rmSync(nats.dir, { recursive: true, force: true });
});

const stateOf = (id: string) => consumer.store.stateOf(id, Date.now());
const auditEvents = (id: string) => consumer.store.eventsOf(id, 1000).filter((e) => e.kind === 'audit');

it('stores each appliance’s state with its real fields, online, a name with markup as text', async () => {
  await eventually(() => ids.every((id) => stateOf(id)?.presence === 'online'), 20_000, 'three states');
  const [first, second] = ids.map((id) => stateOf(id)!);
  expect(first.state.name).toBe(MARKUP);
  expect(second.state.name).toBe('edge-2');
  expect(second.state.version).toBe(applianceVersionOf(appliances[1].h.ctx));
  const supervisor = supervisorOf(appliances[1].h.ctx)!;
  expect(second.state.services).toEqual([
    { name: 'dns', state: (await supervisor.state('dns')).status },
    { name: 'ssh', state: (await supervisor.state('ssh')).status },
  ]);
  expect(second.state.config.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(second.state.console_url).toBe('https://edge-2.example:8443/');
  expect(second.state.load).toHaveLength(3);
  const page = consumer.store.list({ presence: 'online', q: 'edge', page: '1', per_page: '2' }, Date.now());
  expect(page.total).toBe(3);
  expect(page.data.map((d) => d.state.name)).toEqual([MARKUP, 'edge-2']);
});

it('turns a stopped appliance offline once its record is stale, and online again when it is back', async () => {
  const lost = appliances[2];
  await lost.agent.stop();
  await eventually(() => stateOf(lost.id)?.presence === 'offline', STALE_MS + 10_000, 'offline');
  const offline = stateOf(lost.id)!;
  expect(offline.offline_since).toBe(offline.last_seen + STALE_MS);
  expect(consumer.store.list({ presence: 'offline' }, Date.now()).data.map((d) => d.id)).toEqual([lost.id]);
  lost.start();
  await eventually(() => stateOf(lost.id)?.presence === 'online', 20_000, 'online again');
  expect(stateOf(lost.id)!.offline_since).toBeNull();
});

it('delivers the events raised while the manager was stopped, once, when it starts again', async () => {
  const { h, id, agent } = appliances[1];
  await consumer.stop();
  for (let i = 0; i < 5; i += 1) h.ctx.audit.record('settings', `while the manager was away ${i}`);
  await eventually(() => agent.status().queued === 0, 20_000, 'events acknowledged by the stream');
  consumer = makeConsumer();
  await consumer.start();
  const away = () =>
    auditEvents(id).filter((e) => /while the manager was away/.test(JSON.stringify(e.event)));
  await eventually(() => away().length === 5, 20_000, 'the queued events');
  // Given time to deliver anything twice, nothing comes again.
  await new Promise((r) => setTimeout(r, 1500));
  expect(away()).toHaveLength(5);
  expect(await consumer.pending()).toBe(0);
});

it('loses no acknowledged event when the server restarts during traffic; everyone reconnects by itself', async () => {
  const { h, id, agent } = appliances[0];
  const before = auditEvents(id).length;
  let raised = 0;
  const traffic = setInterval(() => {
    h.ctx.audit.record('settings', `traffic ${(raised += 1)}`);
  }, 20);
  await new Promise((r) => setTimeout(r, 300));
  await nats.stop();
  await new Promise((r) => setTimeout(r, 500));
  await nats.start();
  await new Promise((r) => setTimeout(r, 300));
  clearInterval(traffic);
  await eventually(() => agent.status().queued === 0, 30_000, 'the outbox emptied');
  await eventually(() => auditEvents(id).length === before + raised, 30_000, 'every event stored');
  const texts = auditEvents(id).map((e) => JSON.stringify(e.event));
  expect(new Set(texts).size).toBe(texts.length);
  expect(agent.status().dropped).toBe(0);
  // States flow again from every appliance (records newer than the restart).
  const restarted = Date.now();
  await eventually(
    () => ids.every((x) => (stateOf(x)?.last_seen ?? 0) > restarted),
    20_000,
    'fresh records from all three',
  );
});
