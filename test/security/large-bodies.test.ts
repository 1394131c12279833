/**
 * No request waits while a large configuration document, backup or restore is handled (issue 38, finding 11), a new
 * case is one row:
 * - while each large task runs, a `/healthz` asked after its work began is answered before the task's answer (the
 *   work is sliced or on a worker thread; on the event loop at once the health check would wait for all of it);
 * - a large JSON body is read on a worker (src/appliance/revisions/bodyPieces.ts) and refused exactly as a small one
 *   is, for each kind of bad body;
 * - a large plan answered in slices (src/appliance/revisions/slicedAnswer.ts) is byte for byte the ordinary answer;
 * - each heavy step of a backup and of a restore upload runs on the backups' worker (src/appliance/backups/offThread.ts),
 *   and a `/healthz` asked when the step was handed over is answered before the step is done;
 * - restore uploads that are damaged, too large or not the contract's body are refused as they always were.
 * The figures (slowest `/healthz` during each task) are measured by test/bench/config-plan.bench.ts and
 * test/bench/stall.bench.ts.
 */
import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import YAML from 'yaml';
import { planConfig, type ConfigPlan } from '../../src/shared/contracts/revisions';
import { contractRoute } from '../../src/appliance/http/contractRoute';
import { applyApiConventions } from '../../src/appliance/http/scope';
import { answerWithPlan } from '../../src/appliance/revisions/slicedAnswer';
import { sectionsOf } from '../../src/appliance/revisions/sections';
import { backupMembers } from '../../src/appliance/backups/snapshot';
import { CpuPool } from '../../src/service-kit/cpuPool';
import { BACKUP_UPLOAD_BASE64 } from '../../src/shared/contracts/backups';
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

describe('backups and restore uploads', () => {
  const PASSPHRASE = 'a long backup passphrase';
  /** Rows of 64 KiB of random bytes: a 16 MiB database, so each step takes long enough to be overtaken. */
  const BALLAST_ROWS = 256;
  let archive: Buffer;

  beforeAll(async () => {
    const db = new Database(h.ctx.db.name);
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE large_ballast (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO large_ballast (data) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < BALLAST_ROWS; i += 1) insert.run(crypto.randomBytes(64 * 1024));
    })();
    db.close();
    const res = await admin.post('/api/backups/export', { passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(200);
    archive = res.rawPayload;
  }, 180_000);

  const upload = () => ({ archive: archive.toString('base64'), passphrase: PASSPHRASE });

  /**
   * Runs `request`; when the worker is handed `task`, asks `/healthz`. Answers which was done first: the health
   * check or that step (on the event loop, the step would not be handed over at all and the check never asked).
   */
  async function overtaken(task: string, request: () => Promise<{ statusCode: number }>) {
    const order: string[] = [];
    let health: Promise<unknown> | null = null;
    const run = CpuPool.prototype.run;
    const spy = jest.spyOn(CpuPool.prototype, 'run').mockImplementation(function (this: CpuPool, ...args) {
      const step = run.apply(this, args);
      if (args[0] !== task || health) return step;
      health = h.app.inject({ method: 'GET', url: '/healthz' }).then((r) => {
        expect(r.statusCode).toBe(200);
        order.push('healthz');
      });
      return step.finally(() => order.push(task)) as typeof step;
    });
    try {
      const res = await request();
      await health;
      return { res, order };
    } finally {
      spy.mockRestore();
    }
  }

  const plan = () => admin.post('/api/backups/restore/plan', upload());

  /** [the step, the worker's task, the request that makes it]. */
  const STEPS: ReadonlyArray<[string, string, () => Promise<{ statusCode: number }>]> = [
    [
      'a backup archive sealed (export)',
      'sealArchive',
      () => admin.post('/api/backups/export', { passphrase: PASSPHRASE }),
    ],
    ['the restore upload read (JSON, base64)', 'readRestoreUpload', plan],
    ['the uploaded archive decrypted and checked', 'openArchive', plan],
    ['its member databases checked and counted', 'inspectMemberDbs', plan],
    ['its databases staged for the plan', 'stageDatabases', plan],
    [
      'its databases staged by the restore',
      'stageDatabases',
      () => admin.post('/api/backups/restore', upload()),
    ],
  ];

  describe.each(STEPS)('while %s', (_what, task, request) => {
    it('other requests are answered', async () => {
      const { res, order } = await overtaken(task, request);
      expect(res.statusCode).toBe(200);
      expect(order).toEqual(['healthz', task]);
    }, 120_000);
  });

  /** [what, the body sent, status, item type]: each refused as before its reading moved to the worker. */
  const REFUSED: ReadonlyArray<[string, () => string | Buffer, number, string]> = [
    [
      'not an archive',
      () => JSON.stringify({ archive: crypto.randomBytes(4096).toString('base64'), passphrase: PASSPHRASE }),
      400,
      'value_error.backup.not_archive',
    ],
    [
      'a truncated archive',
      () =>
        JSON.stringify({
          archive: archive.subarray(0, archive.length / 2).toString('base64'),
          passphrase: PASSPHRASE,
        }),
      400,
      'value_error.backup.authentication',
    ],
    [
      'a cut header',
      () => JSON.stringify({ archive: archive.subarray(0, 30).toString('base64'), passphrase: PASSPHRASE }),
      400,
      'value_error.backup.truncated',
    ],
    [
      'an archive over the limit',
      () => JSON.stringify({ archive: 'A'.repeat(BACKUP_UPLOAD_BASE64 + 4), passphrase: PASSPHRASE }),
      422,
      'value_error.any_str.max_length',
    ],
    ['a body over the limit', () => Buffer.alloc(BACKUP_UPLOAD_BASE64 + 8192, 0x20), 413, ''],
    [
      'not JSON',
      () => `{"archive": "${archive.toString('base64')}", passphrase}`,
      400,
      'value_error.jsondecode',
    ],
    [
      'no passphrase',
      () => JSON.stringify({ archive: archive.toString('base64') }),
      422,
      'value_error.missing',
    ],
    [
      'a field the contract has not',
      () => JSON.stringify({ ...upload(), extra: 1 }),
      422,
      'value_error.extra',
    ],
    ['an empty body', () => '', 422, 'value_error.missing'],
  ];

  describe.each(REFUSED)('a restore upload with %s', (_what, body, status, type) => {
    it('is refused with its error, and nothing changes', async () => {
      const users = h.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get();
      for (const url of ['/api/backups/restore/plan', '/api/backups/restore']) {
        const res = await admin.post(url, body(), { 'content-type': 'application/json' });
        expect(res.statusCode).toBe(status);
        if (type)
          expect(res.json().detail).toEqual(expect.arrayContaining([expect.objectContaining({ type })]));
      }
      expect(h.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual(users);
    }, 120_000);
  });
});
