/**
 * No request waits while a large configuration document, backup or restore is handled (issue 38, finding 11), a new
 * case is one row:
 * - while each large task runs, a `/healthz` asked after its work began is answered before the task's answer (the
 *   work is sliced or on a worker thread; on the event loop at once the health check would wait for all of it);
 * - a large JSON body is read on a worker (src/appliance/revisions/bodyPieces.ts) and refused exactly as a small one
 *   is, for each kind of bad body;
 * - a large plan answered in slices (src/appliance/revisions/slicedAnswer.ts) is byte for byte the ordinary answer.
 * The figures (slowest `/healthz` during each task) are measured by test/bench/config-plan.bench.ts.
 */
import Fastify from 'fastify';
import YAML from 'yaml';
import { planConfig, type ConfigPlan } from '../../src/shared/contracts/revisions';
import { contractRoute } from '../../src/appliance/http/contractRoute';
import { applyApiConventions } from '../../src/appliance/http/scope';
import { answerWithPlan } from '../../src/appliance/revisions/slicedAnswer';
import { sectionsOf } from '../../src/appliance/revisions/sections';
import { backupMembers } from '../../src/appliance/backups/snapshot';
import { adminAgent, startServer, type Agent, type Harness } from '../appliance/support/harness';
import type { Doc } from '../appliance/revisions/support';

let h: Harness;
let admin: Agent;
let doc: Doc;

/** Host overrides in the large document: about 3 MiB of JSON. */
const OVERRIDES = 20_000;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  doc = (await admin.get('/api/config')).json() as Doc;
  for (let i = 1; i <= OVERRIDES; i += 1)
    doc.sections['dns.proxy'][`host_override:${100_000 + i}`] = {
      host: `host-${i}`,
      domain: 'large.test',
      address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      description: `override ${i}`,
    };
}, 180_000);
afterAll(() => h.close());

/** Runs `task`; once `began` is called (its work has begun), asks `/healthz`. Answers which was answered first. */
async function firstAnswered(
  task: (began: () => void) => Promise<unknown>,
): Promise<{ order: string[]; result: unknown }> {
  const order: string[] = [];
  let health: Promise<unknown> | null = null;
  const began = () => {
    health ??= h.app.inject({ method: 'GET', url: '/healthz' }).then((r) => {
      expect(r.statusCode).toBe(200);
      order.push('healthz');
    });
  };
  const result = await task(began).then((r) => {
    order.push('task');
    return r;
  });
  await health;
  return { order, result };
}

/** Calls `began` when the plan reads the DNS proxy section (its body was read, the comparing begins). */
function whenPlanReadsDns(began: () => void): () => void {
  const section = sectionsOf(h.ctx).find((s) => s.name === 'dns.proxy')!;
  const read = section.read;
  const spy = jest.spyOn(section, 'read').mockImplementation((db) => {
    began();
    return read.call(section, db);
  });
  return () => spy.mockRestore();
}

const TASKS: ReadonlyArray<[string, (began: () => void) => Promise<{ statusCode: number }>]> = [
  [
    'a JSON document planned (POST /api/config/plan)',
    async (began) => {
      const restore = whenPlanReadsDns(began);
      try {
        return await admin.post('/api/config/plan', JSON.stringify(doc), {
          'content-type': 'application/json',
        });
      } finally {
        restore();
      }
    },
  ],
  [
    'a YAML document planned (POST /api/config/plan)',
    async (began) => {
      const restore = whenPlanReadsDns(began);
      try {
        return await admin.post('/api/config/plan', YAML.stringify(doc, { lineWidth: 0 }), {
          'content-type': 'application/yaml',
        });
      } finally {
        restore();
      }
    },
  ],
  [
    'a backup of the databases made',
    async (began) => {
      const members = backupMembers(h.ctx);
      began();
      await members;
      return { statusCode: 200 };
    },
  ],
];

describe.each(TASKS)('while %s', (_name, task) => {
  it('other requests are answered', async () => {
    const { order, result } = await firstAnswered(task);
    expect((result as { statusCode: number }).statusCode).toBe(200);
    expect(order).toEqual(['healthz', 'task']);
  }, 120_000);
});

it('plans the large document as it is: every override added', async () => {
  const res = await admin.post('/api/config/plan', doc);
  expect(res.statusCode).toBe(200);
  const added = (res.json() as { changes: Array<{ section: string; op: string }> }).changes.filter(
    (c) => c.section === 'dns.proxy' && c.op === 'added',
  );
  expect(added).toHaveLength(OVERRIDES);
}, 180_000);

/** Text this long goes to the worker (bodyPieces.ts `JSON_INLINE_BYTES` is 64 KiB). */
const pad = 'x'.repeat(80 * 1024);

/** Bad JSON bodies: [what, the body with `filler` inside it]; each refused the same, large or small. */
const BAD_BODIES: ReadonlyArray<[string, (filler: string) => Buffer]> = [
  ['not JSON', (f) => Buffer.from(`{"format":"${f}", sections: {}}`)],
  ['cut short', (f) => Buffer.from(`{"format":"${f}","sections":{`)],
  ['a prototype key', (f) => Buffer.from(`{"format":"${f}","sections":{"__proto__":{"x":1}}}`)],
  [
    'a constructor prototype',
    (f) => Buffer.from(`{"format":"${f}","sections":{"constructor":{"prototype":{"x":1}}}}`),
  ],
  ['nested too deep', (f) => Buffer.from(`{"format":"${f}","sections":${'['.repeat(40)}${']'.repeat(40)}}`)],
  [
    'not UTF-8',
    (f) =>
      Buffer.concat([
        Buffer.from(`{"format":"${f}","sections":{"a`),
        Buffer.from([0xff]),
        Buffer.from('":{}}}'),
      ]),
  ],
  ['a lone surrogate', (f) => Buffer.from(`{"format":"${f}","sections":{"dns.proxy":{"\\ud800":{}}}}`)],
];

describe.each(BAD_BODIES)('a body with %s', (_name, body) => {
  it('is refused the same way small and large', async () => {
    const send = (filler: string) =>
      admin.post('/api/config/plan', body(filler), { 'content-type': 'application/json' });
    const small = await send('x');
    const large = await send(pad);
    expect(small.statusCode).toBeGreaterThanOrEqual(400);
    expect(small.statusCode).toBeLessThan(500);
    expect(large.statusCode).toBe(small.statusCode);
    expect(large.json()).toEqual(small.json());
  });
});

it('answers a large plan in slices with the same bytes as the ordinary answer', async () => {
  const plan = (await admin.post('/api/config/plan', doc)).json() as ConfigPlan;
  // Optional fields where a change has them, and not where it has not.
  plan.changes[0] = { ...plan.changes[0], note: 'a note "quoted"', refused: true };
  const app = Fastify();
  await app.register(async (scope) => {
    applyApiConventions(scope);
    contractRoute(scope, planConfig, { access: 'admin' }, async (req, reply) =>
      answerWithPlan(
        reply,
        plan,
        plan.changes,
        (p) => ({ ...p, changes: [] }),
        (req.query as { sliced?: string }).sliced ? 0 : Infinity,
      ),
    );
  });
  const ask = (query: string) =>
    app.inject({ method: 'POST', url: `/config/plan${query}`, payload: { format: 'x', sections: {} } });
  const ordinary = await ask('');
  const sliced = await ask('?sliced=1');
  await app.close();
  expect(ordinary.statusCode).toBe(200);
  expect(sliced.statusCode).toBe(200);
  expect(sliced.headers['content-type']).toBe(ordinary.headers['content-type']);
  expect(sliced.body).toBe(ordinary.body);
  expect(sliced.json().changes).toHaveLength(OVERRIDES);
}, 180_000);
