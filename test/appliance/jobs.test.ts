import crypto from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { JobProgress } from '../../src/appliance/jobs/runner';
import { jobStream } from '../../src/shared/contracts/apply';
import { contractProblems } from './support/contracts';
import { Agent, adminAgent, startServer, userAgent, type Harness } from './support/harness';
import { readEventStream } from './support/sse';

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
};

describe('jobs', () => {
  let h: Harness;
  let admin: Agent;
  let origin: string;
  beforeAll(async () => {
    h = await startServer();
    admin = await adminAgent(h);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => h.close());

  const waitDone = (id: string) =>
    until(async () => (await admin.get(`/api/jobs/${id}`)).json().status !== 'running');

  it('applies the configuration step by step, streaming progress over SSE, and activates a revision', async () => {
    await admin.put('/api/config/settings', { primary_color: '#224466', bar_color: '#113355' });
    const start = await admin.post('/api/jobs', { type: 'config' });
    expect(start.statusCode).toBe(202);
    const job = start.json() as JobProgress;
    expect(job).toMatchObject({ dataType: 'config', status: 'running', totalSteps: 3 });
    expect((await admin.get('/api/jobs?active=1')).json().data.map((j: JobProgress) => j.id)).toEqual([
      job.id,
    ]);

    const stream = await readEventStream(`${origin}/eos/jobs/${job.id}/stream`, {
      cookie: admin.cookieHeader(),
    });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    const progress = stream.events.filter((e) => e.event === 'progress').map((e) => e.data as JobProgress);
    expect(stream.events[stream.events.length - 1]).toEqual({
      event: 'end',
      data: { id: job.id, status: 'done' },
    });
    expect(progress.length).toBeGreaterThanOrEqual(3);
    // Every event is one the contract declares, its data fitting that event's schema.
    for (const e of stream.events)
      expect([e.event, contractProblems(jobStream.events[e.event as 'progress'], e.data)]).toEqual([
        e.event,
        [],
      ]);
    const percentages = progress.map((p) => p.progressPercentage);
    expect([...percentages].sort((a, b) => a - b)).toEqual(percentages);
    expect(progress[progress.length - 1]).toEqual({
      id: job.id,
      dataType: 'config',
      status: 'done',
      progressPercentage: 100,
      totalSteps: 3,
      stepNumber: 3,
      details: [
        { name: 'Snapshot configuration', status: 'done', progressPercentage: 100 },
        { name: 'Validate configuration', status: 'done', progressPercentage: 100 },
        { name: 'Activate configuration', status: 'done', progressPercentage: 100 },
      ],
    });
    const revisions = h.ctx.db
      .prepare('SELECT status, snapshot FROM config_revisions WHERE job_id = ?')
      .all(job.id) as Array<{ status: string; snapshot: string }>;
    expect(revisions).toHaveLength(1);
    expect(revisions[0].status).toBe('active');
    expect(JSON.parse(revisions[0].snapshot).ui).toEqual({ primary_color: '#224466', bar_color: '#113355' });
    expect((await admin.get('/api/jobs?active=1')).json()).toEqual({ data: [] });

    // A second configuration supersedes the first.
    const second = (await admin.post('/api/jobs', { type: 'config' })).json() as JobProgress;
    await waitDone(second.id);
    const statuses = h.ctx.db.prepare('SELECT status FROM config_revisions ORDER BY id').all() as Array<{
      status: string;
    }>;
    expect(statuses.map((s) => s.status)).toEqual(['superseded', 'active']);
  });

  it('drops the listener of a stream the browser closes while the job runs', async () => {
    const job = (await admin.post('/api/jobs', { type: 'config' })).json() as JobProgress;
    const controller = new AbortController();
    const res = await fetch(`${origin}/eos/jobs/${job.id}/stream`, {
      headers: { cookie: admin.cookieHeader() },
      signal: controller.signal,
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^event: progress\ndata: \{/);
    expect(h.appliance.jobs.subscriberCount(job.id)).toBe(1);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await until(async () => h.appliance.jobs.subscriberCount(job.id) === 0);
    await waitDone(job.id);
  });

  it('reattaches to a finished job: the stream gives the final state and ends', async () => {
    const list = (await admin.get('/api/jobs')).json().data as JobProgress[];
    const stream = await readEventStream(`${origin}/eos/jobs/${list[0].id}/stream`, {
      cookie: admin.cookieHeader(),
    });
    expect(stream.events.map((e) => e.event)).toEqual(['progress', 'end']);
  });

  it('fails the configuration job at validation when the stored state is not valid, and rejects its revision', async () => {
    const saved = h.ctx.db.prepare('SELECT primary_color FROM ui_settings').get() as {
      primary_color: string;
    };
    h.ctx.db.prepare("UPDATE ui_settings SET primary_color = 'red'").run();
    try {
      const job = (await admin.post('/api/jobs', { type: 'config' })).json() as JobProgress;
      await waitDone(job.id);
      const final = (await admin.get(`/api/jobs/${job.id}`)).json() as JobProgress;
      expect(final).toMatchObject({
        status: 'failed',
        stepNumber: 2,
        reason: 'Configuration is not valid: primary colour is not a hex colour',
      });
      expect(final.details.map((d) => d.status)).toEqual(['done', 'failed', 'cancelled']);
      const revision = h.ctx.db.prepare('SELECT status FROM config_revisions WHERE job_id = ?').get(job.id);
      expect(revision).toEqual({ status: 'rejected' });
      expect(
        h.ctx.db.prepare("SELECT COUNT(*) AS n FROM config_revisions WHERE status = 'active'").get(),
      ).toEqual({ n: 1 });
    } finally {
      h.ctx.db.prepare('UPDATE ui_settings SET primary_color = ?').run(saved.primary_color);
    }
  });

  it('runs one job at a time (409) and validates the request', async () => {
    const first = (await admin.post('/api/jobs', { type: 'config' })).json() as JobProgress;
    const second = await admin.post('/api/jobs', { type: 'config' });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail[0]).toMatchObject({
      type: 'value_error.job_running',
      ctx: { job_id: first.id },
    });
    await waitDone(first.id);
    // Updates start only for signed packages (POST /api/updates/apply), never from a bare descriptor here.
    const upgrade = await admin.post('/api/jobs', { type: 'upgrade', package: {} });
    expect(upgrade.statusCode).toBe(422);
    const badType = await admin.post('/api/jobs', { type: 'reboot' });
    expect(badType.json().detail[0]).toMatchObject({ loc: ['body', 'type'], type: 'type_error.enum' });
    expect((await admin.get('/api/jobs/not-a-uuid')).statusCode).toBe(422);
    expect((await admin.get(`/api/jobs/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('lets users read jobs but only admins start them; anonymous streams get 401', async () => {
    const user = await userAgent(h, 'viewer');
    expect((await user.post('/api/jobs', { type: 'config' })).statusCode).toBe(403);
    expect((await user.get('/api/jobs')).statusCode).toBe(200);
    const id = ((await admin.get('/api/jobs')).json().data as JobProgress[])[0].id;
    const anon = await fetch(`${origin}/eos/jobs/${id}/stream`);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('jobs across a restart', () => {
  it('marks a job that was running when the server stopped as failed: interrupted', async () => {
    const h = await startServer();
    const admin = await adminAgent(h);
    const job = (await admin.post('/api/jobs', { type: 'config' })).json() as JobProgress;
    await h.close();
    const again = await startServer({ dataDir: h.dataDir });
    try {
      const agent = await adminAgent(again);
      const final = (await agent.get(`/api/jobs/${job.id}`)).json() as JobProgress;
      expect(final).toMatchObject({ status: 'failed', reason: 'interrupted' });
      // The step that was running failed with the job; none is left running or pending.
      expect(final.details.map((d) => d.status)).toEqual(['failed', 'cancelled', 'cancelled']);
    } finally {
      await again.close();
    }
  });

  it('marks a job left running by a crashed server as interrupted at start', async () => {
    const h = await startServer();
    await h.close();
    const { openDatabase } = await import('../../src/storage/sqlite');
    const db = openDatabase(path.join(h.dataDir, 'appliance.db'));
    db.prepare(
      `INSERT INTO jobs (id, type, status, step_number, total_steps, details, created_by, created_at, updated_at)
       VALUES ('6f1c1c3e-2b7a-4d7e-9f3a-0c0f7f0d2a11', 'config', 'running', 2, 3, ?, 'admin', 0, 0)`,
    ).run(
      JSON.stringify([
        { name: 'Snapshot', status: 'done', progressPercentage: 100 },
        { name: 'Validate', status: 'running', progressPercentage: 40 },
        { name: 'Activate', status: 'pending', progressPercentage: 0 },
      ]),
    );
    db.close();
    const again = await startServer({ dataDir: h.dataDir });
    try {
      const row = again.ctx.db
        .prepare("SELECT status, reason FROM jobs WHERE id = '6f1c1c3e-2b7a-4d7e-9f3a-0c0f7f0d2a11'")
        .get();
      expect(row).toEqual({ status: 'failed', reason: 'interrupted' });
      const job = again.appliance.jobs.get('6f1c1c3e-2b7a-4d7e-9f3a-0c0f7f0d2a11');
      expect(job?.details.map((d) => d.status)).toEqual(['done', 'failed', 'cancelled']);
    } finally {
      await again.close();
    }
  });
});
