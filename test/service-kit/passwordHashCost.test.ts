/**
 * The password hashing cost as a deployment sets it (`RAMPART_PASSWORD_HASH_COST`): OWASP unless told otherwise, a
 * warning at start when it is lower, and sign-ins that keep working across a change of cost either way.
 */
import { Writable } from 'node:stream';
import { loadConfig } from '../../config';
import { buildServer } from '../../src/server/app';
import {
  adminAgent,
  Agent,
  NEW_ADMIN_PASSWORD,
  startServer,
  tempDataDir,
  userAgent,
} from '../appliance/support/harness';
import { Client, startHarness } from '../identity-service/support';

const OWASP = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
const MINIMAL = /^\$argon2id\$v=19\$m=64,t=1,p=1\$/;

const storedHash = (h: Awaited<ReturnType<typeof startServer>>, username: string): string =>
  (
    h.ctx.db.prepare('SELECT password_hash FROM users WHERE username = ?').get(username) as {
      password_hash: string;
    }
  ).password_hash;

/** The warning lines both embedded services log while a server with `env` starts. */
async function startWarnings(env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    const app = await buildServer({
      config: loadConfig(env, { dataDir: tempDataDir() }),
      logger: { level: 'info', stream },
    });
    await app.ready();
    await app.close();
  } finally {
    spy.mockRestore();
  }
  return lines
    .flatMap((l) => l.split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.level === 40 && /password hashing/.test(String(l.msg)));
}

describe('password hashing cost setting', () => {
  it('is the OWASP baseline when nothing is set, and says nothing about it', async () => {
    expect(loadConfig({}).passwordHashCost).toBe('owasp');
    expect(await startWarnings({})).toEqual([]);
  });

  it('warns at start, once per embedded service, when it is lowered', async () => {
    const warnings = await startWarnings({ RAMPART_PASSWORD_HASH_COST: 'minimal' });
    expect(warnings).toHaveLength(2);
    for (const w of warnings)
      expect(w).toMatchObject({ passwordHashCost: 'minimal', memoryCost: 64, timeCost: 1 });
  });

  it('keeps sign-in working for hashes made at either cost after the cost changes', async () => {
    const dataDir = tempDataDir();
    let h = await startServer({ dataDir, config: { passwordHashCost: 'owasp' } });
    await adminAgent(h);
    expect(storedHash(h, 'admin')).toMatch(OWASP);
    await h.close();

    // The harness's own cost: the admin's OWASP hash still verifies, a new account gets a minimal one.
    h = await startServer({ dataDir });
    await adminAgent(h);
    await userAgent(h, 'operator');
    expect(storedHash(h, 'operator')).toMatch(MINIMAL);
    await h.close();

    h = await startServer({ dataDir, config: { passwordHashCost: 'owasp' } });
    const agent = new Agent(h.app);
    await agent.visit();
    expect((await agent.login('operator', 'operator-password-123')).statusCode).toBe(200);
    expect((await agent.login('operator', 'operator-password-124')).statusCode).toBe(401);
    const adminAgain = new Agent(h.app);
    await adminAgain.visit();
    expect((await adminAgain.login('admin', NEW_ADMIN_PASSWORD)).statusCode).toBe(200);
    await h.close();
  });

  it('hashes sign-ups of the identity service at the configured cost', async () => {
    const h = await startHarness();
    try {
      const c = new Client(h.app);
      const reg = await c.init('registration');
      const email = `cost-${Date.now()}@example.test`;
      const done = await c.submit(reg.json, {
        method: 'password',
        'traits.email': email,
        password: 'correct horse battery staple',
      });
      expect(done.status).toBe(200);
      const [row] = h.sql<{ config: string }>(`SELECT config FROM credentials WHERE type = 'password'`);
      expect(JSON.parse(row.config).hashed_password).toMatch(MINIMAL);
      expect(h.logLines.some((l) => /password hashing is below the OWASP baseline/.test(l))).toBe(true);
    } finally {
      await h.close();
    }
  });
});
