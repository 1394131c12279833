/**
 * A group's document planned per appliance, end to end on loopback: a managing console with its nats-server, two
 * appliances joined to group `north` answering with their own plans, a third joined and then stopped, and a fourth
 * added but never joined (both offline). NATS holds each appliance to its own subjects: one cannot read another's
 * plan requests nor send any, and a reply that does not fit the contract is dropped and counted.
 */
import { connect, type NatsConnection, type Status } from '@nats-io/transport-node';
import { readFleetMembership } from '../../../src/appliance/fleet';
import { planAnswerDrops } from '../../../src/appliance/fleet/plan/request';
import { subjects } from '../../../src/appliance/fleet/subjects';
import { freePort } from '../../support/pebble';
import { adminAgent, startServer, type Harness } from '../support/harness';
import { addAppliance, startManager, type Manager } from './enrolSupport';
import { eventually } from './support';

jest.setTimeout(180_000);

type Membership = NonNullable<ReturnType<typeof readFleetMembership>>;
interface Joined {
  h: Harness;
  id: string;
  membership: Membership;
}

let m: Manager;
let a: Joined;
let b: Joined;
let stopped: Joined;
let bConsolePort: number;
const open: NatsConnection[] = [];

async function join(name: string, h: Harness): Promise<Joined> {
  const { id, code } = await addAppliance(m, name, 'north');
  const admin = await adminAgent(h);
  const res = await admin.post('/api/fleet/join', {
    code,
    address: m.enrolAddress,
    fingerprint: m.fingerprint,
  });
  if (res.statusCode !== 201) throw new Error(`join failed: ${res.body}`);
  return { h, id, membership: readFleetMembership(h.ctx)! };
}

const tlsOf = (x: Membership) => ({ cert: x.certPem, key: x.keyPem, ca: x.caPem });

/** The DNS proxy section of appliance A's own document, with one more upstream. */
async function dnsWithUpstream(address: string) {
  const admin = await adminAgent(a.h);
  const proxy = (await admin.get('/api/config')).json().sections['dns.proxy'] as Record<string, object>;
  return { ...proxy, 'upstream:90': { address, port: 53, tls: false, tls_name: '' } };
}

const plan = (body: object = {}) => m.admin.post('/api/fleet/groups/north/plan', body);
type PlanAnswer = {
  appliances: Array<{
    id: string;
    outcome: string;
    plan: { changes: Array<{ section: string; line: string }> } | null;
    refusals: Array<{ section: string; msg: string }>;
    detail: string | null;
  }>;
  totals: Record<string, number>;
  sections: Record<string, number>;
  summary: string;
};
const byId = (p: PlanAnswer, id: string) => p.appliances.find((x) => x.id === id)!;

beforeAll(async () => {
  m = await startManager();
  bConsolePort = await freePort();
  a = await join('edge-a', await startServer());
  // B's console listens on a port of its own: a DNS proxy on that port is refused there only.
  b = await join('edge-b', await startServer({ config: { port: bConsolePort } }));
  stopped = await join('edge-c', await startServer());
  await stopped.h.close();
  await addAppliance(m, 'edge-d', 'north');
  // Both agents connected and subscribed: each answers a plan.
  await eventually(
    async () => {
      const p = (await plan()).json() as PlanAnswer;
      return p.totals?.unchanged === 2;
    },
    60_000,
    'both appliances answering',
  );
});
afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close().catch(() => undefined)));
  await a?.h.close();
  await b?.h.close();
  await m?.h.close();
});

it('plans a saved group document per appliance: the two online change DNS, the others are offline', async () => {
  const sections = { 'dns.proxy': await dnsWithUpstream('9.9.9.9') };
  const saved = await m.admin.put('/api/fleet/groups/north/document', {
    format: 'rampart-config/1',
    sections,
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ group: 'north', revision: 1, saved_by: 'admin' });
  const again = await m.admin.put('/api/fleet/groups/north/document', {
    format: 'rampart-config/1',
    sections,
  });
  expect(again.json().revision).toBe(2);
  expect((await m.admin.get('/api/fleet/groups/north/document')).json()).toMatchObject({
    revision: 2,
    sections,
  });
  expect((await m.admin.get('/api/fleet/groups')).json().data).toEqual([
    expect.objectContaining({ name: 'north', appliances: 4, enrolled: 3, revision: 2 }),
  ]);

  const res = await plan();
  expect(res.statusCode).toBe(200);
  const p = res.json() as PlanAnswer;
  for (const x of [a, b]) {
    const mine = byId(p, x.id);
    expect(mine.outcome).toBe('planned');
    expect(mine.plan!.changes).toEqual([
      expect.objectContaining({ section: 'dns.proxy', line: expect.stringContaining('9.9.9.9') }),
    ]);
  }
  expect(byId(p, stopped.id)).toMatchObject({
    outcome: 'offline',
    detail: expect.stringMatching(/when it returns/),
  });
  expect(p.totals).toEqual({ appliances: 4, change: 2, unchanged: 0, refuse: 0, offline: 2, unreadable: 0 });
  expect(p.sections).toEqual({ 'dns.proxy': 2 });
  expect(p.summary).toBe('4 appliances: 2 change, 0 unchanged, 0 refuse, 2 offline');
  // Planning changed nothing on the appliances.
  const bAdmin = await adminAgent(b.h);
  expect(JSON.stringify((await bAdmin.get('/api/config')).json().sections['dns.proxy'])).not.toContain(
    '9.9.9.9',
  );
});

it('a draft one appliance refuses comes back refused with its reason; the other plans it', async () => {
  const proxy = await dnsWithUpstream('9.9.9.9');
  const settings = (proxy as Record<string, Record<string, unknown>>).settings;
  const draft = {
    format: 'rampart-config/1',
    sections: { 'dns.proxy': { ...proxy, settings: { ...settings, port: bConsolePort } } },
  };
  const p = (await plan({ document: draft })).json() as PlanAnswer;
  expect(byId(p, b.id)).toMatchObject({
    outcome: 'refused',
    refusals: [
      expect.objectContaining({
        section: 'dns.proxy',
        msg: expect.stringContaining(`port ${bConsolePort} is used by the console (HTTP)`),
      }),
    ],
  });
  expect(byId(p, a.id).outcome).toBe('planned');
  expect(p.totals).toMatchObject({ change: 1, refuse: 1, offline: 2 });
  // A draft is not saved.
  expect((await m.admin.get('/api/fleet/groups/north/document')).json().revision).toBe(2);
});

it('refuses a section outside the fleet’s, and the host name, with 422 items naming them', async () => {
  const res = await m.admin.put('/api/fleet/groups/north/document', {
    format: 'rampart-config/1',
    sections: {
      'authentication.accounts': {},
      'network.preferences': { preferences: { hostname: 'edge', domain: 'example.net' } },
    },
  });
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toEqual([
    expect.objectContaining({
      loc: ['body', 'sections', 'authentication.accounts'],
      type: 'value_error.fleet.section',
    }),
    expect.objectContaining({
      loc: ['body', 'sections', 'network.preferences', 'preferences', 'hostname'],
      type: 'value_error.fleet.appliance_field',
    }),
  ]);
  expect((await m.admin.get('/api/fleet/groups/north/document')).json().revision).toBe(2);
});

it('an appliance can neither read another’s plan requests nor send any: the server refuses both', async () => {
  const errors: Status[] = [];
  const nc = await connect({
    servers: a.membership.natsUrl,
    tls: tlsOf(a.membership),
    inboxPrefix: subjects.inbox(a.id),
    maxReconnectAttempts: 0,
  });
  open.push(nc);
  void (async () => {
    for await (const s of nc.status()) if (s.type === 'error') errors.push(s);
  })();
  const sub = nc.subscribe(`${subjects.to(b.id)}.plan`);
  const subClosed = sub.closed;
  nc.publish(`${subjects.to(b.id)}.plan`, '{}');
  nc.publish(`${subjects.to(a.id)}.plan`, '{}');
  await nc.flush();
  await eventually(() => errors.length >= 3, 10_000, 'three permission violations');
  const texts = errors.map((s) => String((s as { error?: Error }).error?.message ?? ''));
  expect(texts).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        new RegExp(`Permissions Violation for Subscription to "${subjects.to(b.id)}\\.plan"`, 'i'),
      ),
      expect.stringMatching(
        new RegExp(`Permissions Violation for Publish to "${subjects.to(b.id)}\\.plan"`, 'i'),
      ),
      expect.stringMatching(
        new RegExp(`Permissions Violation for Publish to "${subjects.to(a.id)}\\.plan"`, 'i'),
      ),
    ]),
  );
  await expect(subClosed).resolves.toBeInstanceOf(Error);
});

it('a reply that does not fit the contract is dropped, counted and shown as unreadable, never as a plan', async () => {
  const nc = await connect({
    servers: stopped.membership.natsUrl,
    tls: tlsOf(stopped.membership),
    inboxPrefix: subjects.inbox(stopped.id),
    maxReconnectAttempts: 0,
  });
  open.push(nc);
  nc.subscribe(`${subjects.to(stopped.id)}.plan`, {
    callback: (_e, msg) => {
      msg.respond(
        JSON.stringify({
          format: 'rampart-fleet-plan/1',
          id: stopped.id,
          outcome: 'planned',
          plan: { format: 'x', changes: [{ section: '<script>alert(1)</script>', bogus: true }] },
          refusals: [],
        }),
      );
    },
  });
  await nc.flush();
  const before = planAnswerDrops(m.h.ctx).contract ?? 0;
  const p = (await plan()).json() as PlanAnswer;
  expect(byId(p, stopped.id)).toMatchObject({
    outcome: 'unreadable',
    plan: null,
    detail: expect.stringContaining('contract'),
  });
  expect(JSON.stringify(p)).not.toContain('<script>');
  expect(p.totals).toMatchObject({ change: 2, unreadable: 1, offline: 1 });
  expect(planAnswerDrops(m.h.ctx).contract).toBe(before + 1);
  await nc.close();
});
