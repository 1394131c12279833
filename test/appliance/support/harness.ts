/**
 * Test harness of the appliance API: a real server (`buildServer`) on a real SQLite file in a temp directory, and a
 * cookie-keeping agent that behaves like the console's browser client (XSRF cookie echoed in the header).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../../config';
import { buildServer } from '../../../src/server/app';
import { applianceContext, applianceOf, type Appliance, type ApplianceContext } from '../../../src/appliance';

export interface Harness {
  app: FastifyInstance;
  dataDir: string;
  ctx: ApplianceContext;
  appliance: Appliance;
  /** The seeded admin's one-time password (null when the data directory was already seeded). */
  adminPassword: string | null;
  close(): Promise<void>;
}

/**
 * The environment of every test server: the least password hashing cost, set as a deployment would set it. Tests
 * sign in, create accounts and change passwords thousands of times; at the OWASP cost that was most of their time.
 */
export const TEST_ENV = { RAMPART_PASSWORD_HASH_COST: 'minimal' };

export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-appliance-'));

export async function startServer(
  options: { dataDir?: string; config?: Partial<Config> } = {},
): Promise<Harness> {
  const dataDir = options.dataDir ?? tempDataDir();
  const out: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  let app: FastifyInstance;
  try {
    const config = loadConfig(TEST_ENV, { dataDir, ...options.config });
    app = await buildServer({ config, logger: false });
  } finally {
    spy.mockRestore();
  }
  const match = /Seeded admin: admin \/ (\S+) \(change it at first login\)/.exec(out.join(''));
  await app.ready();
  return {
    app,
    dataDir,
    ctx: applianceContext(app),
    appliance: applianceOf(app),
    adminPassword: match ? match[1] : null,
    close: () => app.close(),
  };
}

/**
 * Runs `start` before each test of the enclosing block, or once before all of them when the block's tests leave
 * nothing behind (refused input, pure checks beside it), and closes what it started after: a server's start is
 * about a second of CPU, most of a test that only sends one refused request.
 */
export function serverPer(per: 'test' | 'block', start: () => Promise<{ close(): Promise<void> }>): void {
  let started: { close(): Promise<void> } | undefined;
  // The first start of a process compiles every route's validators: a minute allows for two busy cores.
  (per === 'test' ? beforeEach : beforeAll)(async () => {
    started = await start();
  }, 60_000);
  (per === 'test' ? afterEach : afterAll)(async () => {
    await started?.close();
    started = undefined;
  });
}

type Res = LightMyRequestResponse;

export class Agent {
  readonly jar = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(options: InjectOptions & { xsrf?: boolean }): Promise<Res> {
    const { xsrf = true, ...rest } = options;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string> | undefined) };
    if (this.jar.size && !headers.cookie) headers.cookie = this.cookieHeader();
    const token = this.jar.get('__Host-XSRF-TOKEN') ?? this.jar.get('XSRF-TOKEN');
    if (xsrf && token && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = token;
    const res = await this.app.inject({ ...rest, headers });
    for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired =
        c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  /** A first GET, as a page load would do, to receive the XSRF cookie. */
  async visit(): Promise<Res> {
    return this.request({ method: 'GET', url: '/api/config/settings' });
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }

  put(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers });
  }

  form(url: string, fields: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  login(username: string, password: string, otp?: string) {
    return this.form('/api/auth/login', { username, password, ...(otp === undefined ? {} : { otp }) });
  }
}

export const NEW_ADMIN_PASSWORD = 'correct horse battery staple';

/** An agent logged in as the seeded admin, after the first-access password change. */
export async function adminAgent(h: Harness): Promise<Agent> {
  const agent = new Agent(h.app);
  await agent.visit();
  if (h.adminPassword) {
    const first = await agent.login('admin', h.adminPassword);
    if (first.statusCode !== 200) throw new Error(`first login failed: ${first.body}`);
    const changed = await agent.form('/api/auth/change_password', {
      username: 'admin',
      password: h.adminPassword,
      new_password: NEW_ADMIN_PASSWORD,
    });
    if (changed.statusCode !== 200) throw new Error(`first change failed: ${changed.body}`);
    h.adminPassword = null;
  }
  const res = await agent.login('admin', NEW_ADMIN_PASSWORD);
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return agent;
}

/** An agent logged in as a new account of the given role. */
export async function userAgent(
  h: Harness,
  username: string,
  role: 'admin' | 'user' = 'user',
): Promise<Agent> {
  const { createUser } = await import('../../../src/appliance/seed');
  const password = `${username}-password-123`;
  await createUser(h.ctx, { username, password, role });
  const agent = new Agent(h.app);
  await agent.visit();
  const res = await agent.login(username, password);
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
  return agent;
}

export const count = (h: Harness, table: string): number =>
  (h.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** Puts an account into a new group granting `privileges` (what an admin does on the groups page). */
export async function grantPrivileges(
  h: Harness,
  username: string,
  privileges: import('../../../src/shared/privileges').Privileges,
): Promise<void> {
  const { saveGroup } = await import('../../../src/appliance/users/groupsStore');
  const user = h.ctx.db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number };
  saveGroup(
    h.ctx.db,
    null,
    {
      name: `${username} ${Object.keys(privileges).join(' ')}`,
      description: '',
      members: [user.id],
      privileges,
    },
    Date.now(),
  );
}
