import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { loadConfig } from '../../config';
import { registerAppliance, type LogEntry } from '../../src/appliance';
import { DataDirInUseError } from '../../src/storage/sqlite';
import { buildServer } from '../../src/server/app';
import {
  Agent,
  adminAgent,
  count,
  NEW_ADMIN_PASSWORD,
  startServer,
  tempDataDir,
  userAgent,
} from './support/harness';

describe('storage', () => {
  it('seeds an empty data directory once, in WAL mode with every migration applied', async () => {
    const h = await startServer();
    try {
      expect(fs.existsSync(path.join(h.dataDir, 'appliance.db'))).toBe(true);
      expect(h.ctx.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(h.ctx.db.pragma('foreign_keys', { simple: true })).toBe(1);
      const versions = h.ctx.db
        .prepare("SELECT version FROM schema_migrations WHERE namespace = 'appliance' ORDER BY version")
        .all();
      expect(versions).toEqual([
        { version: 1 },
        { version: 2 },
        { version: 3 },
        { version: 4 },
        { version: 5 },
        { version: 6 },
        { version: 7 },
      ]);
      expect(count(h, 'users')).toBe(1);
      expect(h.ctx.db.prepare('SELECT username, role, must_change_password FROM users').get()).toEqual({
        username: 'admin',
        role: 'admin',
        must_change_password: 1,
      });
      const hash = (h.ctx.db.prepare('SELECT password_hash FROM users').get() as { password_hash: string })
        .password_hash;
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(hash).not.toContain(h.adminPassword as string);
      expect(count(h, 'messages')).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('keeps everything across a restart and does not seed again', async () => {
    const h = await startServer();
    const admin = await adminAgent(h);
    await admin.put('/api/config/settings', { primary_color: '#010203', bar_color: '#040506' });
    const user = await userAgent(h, 'keeper');
    await user.post('/api/users/me/ack-messages', { message_id: 'terms', version_id: '1' });
    const cookie = admin.cookieHeader();
    await h.close();

    const again = await startServer({ dataDir: h.dataDir });
    try {
      expect(again.adminPassword).toBeNull();
      const agent = new Agent(again.app);
      expect((await agent.get('/api/config/settings')).json()).toMatchObject({
        primary_color: '#010203',
        bar_color: '#040506',
      });
      // The session survives too.
      const me = await again.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.json().username).toBe('admin');
      await agent.visit();
      expect((await agent.login('admin', NEW_ADMIN_PASSWORD)).statusCode).toBe(200);
      expect((await agent.get('/api/messages/acceptances')).json().data).toHaveLength(1);
      expect(count(again, 'users')).toBe(2);
    } finally {
      await again.close();
    }
  });

  it('refuses a second server on the same data directory with a clear message, and allows it once the first stops', async () => {
    const h = await startServer();
    const config = loadConfig({}, { dataDir: h.dataDir });
    const second = buildServer({ config, logger: false });
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(buildServer({ config, logger: false })).rejects.toThrow(
      `data directory ${path.resolve(h.dataDir)} is in use by another Rampart server; stop that server or start this one with another RAMPART_DATA_DIR`,
    );
    await h.close();
    const third = await buildServer({ config, logger: false });
    await third.close();
  });
});

describe('data directory lock across processes', () => {
  it('refuses while another process holds the directory, and frees it when that process is killed (no stale lock)', async () => {
    const dataDir = tempDataDir();
    // One node process (tsx as a require hook), so killing it kills the lock holder itself.
    const script = `require(${JSON.stringify(path.resolve('src/storage/sqlite.ts'))}).lockDataDir(process.env.LOCK_DIR, 'appliance');
process.stdout.write('locked\\n'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOCK_DIR: dataDir },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
        child.on('exit', (code) => reject(new Error(`lock holder exited (${code})`)));
      });
      const config = loadConfig({}, { dataDir });
      await expect(buildServer({ config, logger: false })).rejects.toThrow(DataDirInUseError);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    const server = await buildServer({ config: loadConfig({}, { dataDir }), logger: false });
    await server.close();
  }, 20_000);
});

describe('audit trail', () => {
  it('records logins, failures, lockouts, settings changes and job steps in the log sink, without secrets', async () => {
    const entries: LogEntry[] = [];
    const dataDir = tempDataDir();
    const app = Fastify({ logger: false });
    await app.register(fastifyCookie);
    let password = '';
    await registerAppliance(app, loadConfig({}, { dataDir }), {
      logSink: { append: (e) => entries.push(e) },
      print: (line) => {
        password = /admin \/ (\S+)/.exec(line)?.[1] ?? '';
      },
      jobStepPauseMs: 0,
    });
    await app.ready();
    try {
      const { applianceContext, applianceOf } = await import('../../src/appliance');
      const h = {
        app,
        dataDir,
        ctx: applianceContext(app),
        appliance: applianceOf(app),
        adminPassword: password,
        close: () => app.close(),
      };
      const agent = new Agent(app);
      await agent.visit();
      const admin = await adminAgent(h);
      await admin.put('/api/config/lockout', { attempts: 2, window_seconds: 60, duration_seconds: 60 });
      await agent.login('someone', 'bad-password-1');
      await agent.login('someone', 'bad-password-2');
      await agent.login('someone', 'bad-password-3');
      await admin.put('/api/config/settings', { primary_color: '#111', bar_color: '#222' });
      const job = (await admin.post('/api/jobs', { type: 'config' })).json() as { id: string };
      for (let i = 0; i < 100 && (await admin.get(`/api/jobs/${job.id}`)).json().status === 'running'; i += 1)
        await new Promise((r) => setTimeout(r, 10));

      const messages = entries.map((e) => `${e.service}: ${e.message}`);
      expect(messages).toEqual(
        expect.arrayContaining([
          'auth: login for "admin" [service=console method=password source=127.0.0.1]: needs a password change (first access)',
          'auth: password changed for "admin" [service=console method=password source=127.0.0.1]',
          'auth: login succeeded for "admin" [service=console method=password source=127.0.0.1]',
          'auth: login failed for "someone" [service=console method=password source=127.0.0.1]: wrong credentials',
          'auth: account "someone" locked for 60 s after 2 failed attempts [service=console method=password source=127.0.0.1]',
          'auth: login refused for "someone" [service=console method=password source=127.0.0.1]: account locked',
          'settings: look-and-feel colours changed by "admin": primary #111, bar #222',
          `jobs: config job ${job.id} started by "admin"`,
          `jobs: config job ${job.id} step 1/3 "Snapshot configuration" done`,
          `jobs: config job ${job.id} step 3/3 "Activate configuration" done`,
          `jobs: job ${job.id} finished`,
        ]),
      );
      const now = Math.floor(Date.now() / 1000);
      for (const e of entries) expect(Math.abs(e.timestamp - now)).toBeLessThan(60);
      const all = JSON.stringify(entries);
      for (const secret of [password, NEW_ADMIN_PASSWORD, 'bad-password-1'])
        expect(all).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
