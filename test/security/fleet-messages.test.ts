/**
 * Messages an appliance sends the fleet's manager, refused as a class (a new case is one row): a state record or an
 * event that is not UTF-8 JSON, does not fit its contract (src/shared/contracts/fleetMessages.ts), is larger than
 * its bound, names another appliance than the subject it came under, or comes from an id the manager does not list,
 * is dropped, counted by reason and never stored — checked on a real nats-server with raw clients holding a real
 * appliance's credentials, against the manager's real consumer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { FleetConsumer } from '../../src/appliance/fleet/consumer/consumer';
import type { DropReason } from '../../src/appliance/fleet/consumer/check';
import { applianceIdentity, subjects } from '../../src/appliance/fleet/subjects';
import {
  FLEET_EVENT_FORMAT,
  FLEET_STATE_FORMAT,
  type FleetAuditEvent,
  type FleetState,
} from '../../src/shared/contracts/fleetMessages';
import { openDatabase, type Db } from '../../src/storage/sqlite';
import { eventually, makeCa, managerTlsOf, startNats, type NatsServer } from '../appliance/fleet/support';

jest.setTimeout(120_000);

const A = crypto.randomUUID();
const B = crypto.randomUUID();
/** Admitted by the server, not (or no longer) listed by the manager. */
const STRANGER = crypto.randomUUID();
let nats: NatsServer;
let db: Db;
let consumer: FleetConsumer;
const clients: Record<string, NatsConnection> = {};
const warnings: Array<{ kind: string; reason: string }> = [];

const state = (over: Partial<FleetState> = {}): FleetState => ({
  format: FLEET_STATE_FORMAT,
  id: A,
  name: 'edge-a',
  version: '1.4.0',
  uptime_s: 100,
  load: [0.1, 0.2, 0.3],
  services: [{ name: 'dns', state: 'running' }],
  alerts: { critical: 0, warning: 1, info: 0 },
  certificates: { expiring: 1, nearest: { name: 'www', not_after: 1_900_000_000_000 } },
  backup: { at: 1_800_000_000_000, ok: true },
  config: { revision: 3, hash: 'a'.repeat(64) },
  console_url: 'https://edge-a.example:8443/',
  at: Date.now(),
  ...over,
});
const event = (over: Record<string, unknown> = {}): FleetAuditEvent =>
  ({
    format: FLEET_EVENT_FORMAT,
    id: A,
    event_id: crypto.randomBytes(16).toString('hex'),
    at: Date.now(),
    kind: 'audit',
    audit: { seq: 1, actor: 'admin', method: 'console', object: 'dns', outcome: 'success', message: 'saved' },
    ...over,
  }) as FleetAuditEvent;
const json = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));

type Kind = 'state' | 'event';
/** [what, which message, who sends it, its bytes, why it is dropped]. */
const CASES: ReadonlyArray<[string, Kind, string, () => Uint8Array, DropReason]> = [
  ['a state that is not JSON', 'state', A, () => new TextEncoder().encode('{"name":'), 'malformed'],
  ['a state that is not UTF-8', 'state', A, () => Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]), 'malformed'],
  ['a state that is a list', 'state', A, () => json([state()]), 'contract'],
  ['a state of an unknown format', 'state', A, () => json(state({ format: 'v2' as never })), 'contract'],
  ['a state without its version', 'state', A, () => json({ ...state(), version: undefined }), 'contract'],
  ['a state with a field of its own', 'state', A, () => json({ ...state(), html: '<b>' }), 'contract'],
  ['a name with a line feed', 'state', A, () => json(state({ name: 'edge\nadmin' })), 'contract'],
  ['a name with an escape sequence', 'state', A, () => json(state({ name: '\u001b[2Jedge' })), 'contract'],
  ['a name with a lone surrogate', 'state', A, () => json(state({ name: 'edge\ud800' })), 'contract'],
  ['a name too long', 'state', A, () => json(state({ name: 'x'.repeat(65) })), 'contract'],
  ['four load figures', 'state', A, () => json(state({ load: [1, 2, 3, 4] })), 'contract'],
  ['a negative uptime', 'state', A, () => json(state({ uptime_s: -1 })), 'contract'],
  [
    'too many services',
    'state',
    A,
    () =>
      json(
        state({ services: Array.from({ length: 17 }, () => ({ name: 'dns', state: 'running' as const })) }),
      ),
    'contract',
  ],
  [
    'a service name that is not a word',
    'state',
    A,
    () => json(state({ services: [{ name: '<script>', state: 'running' }] })),
    'contract',
  ],
  [
    'a console address that is script',
    'state',
    A,
    () => json(state({ console_url: 'javascript:alert(1)' })),
    'contract',
  ],
  [
    'a console address with markup',
    'state',
    A,
    () => json(state({ console_url: 'https://x/"><script>' })),
    'contract',
  ],
  [
    'a hash that is not SHA-256 hex',
    'state',
    A,
    () => json(state({ config: { revision: 1, hash: 'zz' } })),
    'contract',
  ],
  [
    'a state larger than its bound',
    'state',
    A,
    () => json({ ...state(), pad: 'x'.repeat(20_000) }),
    'oversized',
  ],
  ['a state naming another appliance', 'state', A, () => json(state({ id: B })), 'id_mismatch'],
  [
    'a state from an id not listed',
    'state',
    STRANGER,
    () => json(state({ id: STRANGER })),
    'unknown_appliance',
  ],
  ['an event that is not JSON', 'event', A, () => new TextEncoder().encode('not json'), 'malformed'],
  [
    'an event of an unknown kind',
    'event',
    A,
    () => json(event({ kind: 'shell', audit: undefined })),
    'contract',
  ],
  ['an event id that is not hex', 'event', A, () => json(event({ event_id: '../../x' })), 'contract'],
  [
    'an audit message too long',
    'event',
    A,
    () => json(event({ audit: { ...event().audit, message: 'x'.repeat(401) } })),
    'contract',
  ],
  [
    'an alert of an unknown severity',
    'event',
    A,
    () =>
      json(
        event({
          kind: 'alert_fired',
          audit: undefined,
          alert: { key: 'k', kind: 'x', severity: 'emergency', summary: 's' },
        }),
      ),
    'contract',
  ],
  [
    'an event larger than its bound',
    'event',
    A,
    () => json({ ...event(), pad: 'x'.repeat(9000) }),
    'oversized',
  ],
  ['an event naming another appliance', 'event', A, () => json(event({ id: B })), 'id_mismatch'],
  [
    'an event from an id not listed',
    'event',
    STRANGER,
    () => json(event({ id: STRANGER })),
    'unknown_appliance',
  ],
];

beforeAll(async () => {
  const ca = await makeCa('Rampart Fleet CA (test)');
  nats = await startNats(ca, [A, B, STRANGER]);
  for (const id of [A, STRANGER]) {
    const who = await ca.issue(applianceIdentity(id));
    clients[id] = await connect({
      servers: nats.url,
      tls: { cert: who.cert, key: who.key, ca: ca.cert },
      inboxPrefix: subjects.inbox(id),
    });
  }
  db = openDatabase(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-fleet-')), 'manager.db'));
  consumer = new FleetConsumer({
    natsUrl: nats.url,
    tls: await managerTlsOf(ca),
    db,
    isEnrolled: (id) => id === A || id === B,
    log: { warn: (obj) => warnings.push(obj as { kind: string; reason: string }), error: () => {} },
  });
  await consumer.start();
  await clients[A].request(subjects.state(A), json(state()), { timeout: 5000 });
  await eventually(() => consumer.store.stateOf(A, Date.now()) !== null, 20_000, 'the good record');
});

afterAll(async () => {
  for (const nc of Object.values(clients)) await nc.close();
  await consumer?.stop();
  db?.close();
  await nats?.stop();
  if (nats) fs.rmSync(nats.dir, { recursive: true, force: true });
});

const dropped = (kind: Kind, reason: DropReason) => consumer.figures().dropped[kind][reason] ?? 0;

it.each(CASES)('drops %s (%s), counted', async (_what, kind, who, body, reason) => {
  const before = dropped(kind, reason);
  const events = consumer.store.eventsOf(A).length + consumer.store.eventsOf(STRANGER).length;
  const subject = kind === 'state' ? subjects.state(who) : subjects.events(who);
  // The fleet's server takes it (it is the sender's own subject): the manager is the one to refuse it.
  await clients[who].request(subject, body(), { timeout: 5000 });
  await eventually(() => dropped(kind, reason) === before + 1, 10_000, `a ${reason} drop`);
  expect(warnings).toContainEqual(expect.objectContaining({ kind, reason }));
  expect(consumer.store.stateOf(A, Date.now())?.state.name).toBe('edge-a');
  expect(consumer.store.stateOf(B, Date.now())).toBeNull();
  expect(consumer.store.stateOf(STRANGER, Date.now())).toBeNull();
  expect(consumer.store.eventsOf(A).length + consumer.store.eventsOf(STRANGER).length).toBe(events);
});

it('drops a deletion of a state record, keeping the record it had', async () => {
  const before = dropped('state', 'deletion');
  const h = headers();
  h.set('KV-Operation', 'DEL');
  await clients[A].request(subjects.state(A), new Uint8Array(), { timeout: 5000, headers: h });
  await eventually(() => dropped('state', 'deletion') === before + 1, 10_000, 'a deletion drop');
  expect(consumer.store.stateOf(A, Date.now())?.state.name).toBe('edge-a');
});

it('stores a record that fits, markup in its name kept as text', async () => {
  const name = '<img src=x onerror=alert(1)>';
  await clients[A].request(subjects.state(A), json(state({ name })), { timeout: 5000 });
  await eventually(() => consumer.store.stateOf(A, Date.now())?.state.name === name, 10_000, 'the new name');
});
