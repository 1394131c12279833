/**
 * Test harness of the identity service: a real server (`buildServer` + inject) on a temporary data directory, a
 * browser-like client with a cookie jar, and a real SMTP server (smtp-server) that captures the mails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { loadConfig, type Config } from '../../config';
import { buildServer } from '../../src/server/app';

export const ORIGIN = 'http://127.0.0.1:8080';
export const BASE = `${ORIGIN}/identity`;

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailBox {
  url: string;
  mails: Mail[];
  next(to: string, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free port; every delivered mail is parsed just enough to read subject and text. */
export async function startMailBox(): Promise<MailBox> {
  const mails: Mail[] = [];
  const waiters: Array<{ to: string; resolve: (m: Mail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head, ...rest] = raw.split(/\r?\n\r?\n/);
        const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
        const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
        const body = rest.join('\n\n');
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const mail = { to, subject, text: qp ? decodeQuotedPrintable(body) : body };
        mails.push(mail);
        // One mail for one waiter: the first waiting for its address takes it.
        const i = waiters.findIndex((w) => mail.to.includes(w.to));
        if (i >= 0) waiters.splice(i, 1)[0].resolve(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(to, timeoutMs = 5000) {
      const seen = mails.find((m) => m.to.includes(to) && !(m as Mail & { taken?: boolean }).taken);
      if (seen) {
        (seen as Mail & { taken?: boolean }).taken = true;
        return Promise.resolve(seen);
      }
      return new Promise<Mail>((resolve, reject) => {
        const waiter = {
          to,
          resolve: (m: Mail) => {
            clearTimeout(timer);
            (m as Mail & { taken?: boolean }).taken = true;
            resolve(m);
          },
        };
        // A waiter that gave up leaves the queue, so a later mail is not taken by nobody.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function codeFrom(mail: Mail): string {
  const m = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1];
}

export interface Harness {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  logLines: string[];
  close(): Promise<void>;
  /** Moves a flow's expiry into the past (direct SQL on the service's own database file). */
  expireFlow(id: string): void;
  /** Makes a session's last authentication older than the privileged window. */
  ageSession(identityEmail: string, minutes: number): void;
  sql<T>(query: string, ...params: unknown[]): T[];
}

export async function startHarness(
  opts: { smtpUrl?: string; providers?: unknown; providersRaw?: string; publicUrl?: string } = {},
): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-test-'));
  const providersFile = path.join(dataDir, 'identity-providers.json');
  if (opts.providers !== undefined) fs.writeFileSync(providersFile, JSON.stringify(opts.providers));
  if (opts.providersRaw !== undefined) fs.writeFileSync(providersFile, opts.providersRaw);
  const config = loadConfig(
    // The least hashing cost, as a deployment would set it: every journey registers and signs in.
    { RAMPART_PASSWORD_HASH_COST: 'minimal' },
    {
      dataDir,
      smtpUrl: opts.smtpUrl ?? '',
      env: 'test',
      host: '127.0.0.1',
      port: 8080,
      logLevel: 'info',
      publicUrl: opts.publicUrl ?? '',
    },
  );
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logLines.push(chunk.toString());
      cb();
    },
  });
  const app = await buildServer({ config, logger: { level: 'info', stream } });
  await app.ready();
  const db = new Database(path.join(dataDir, 'identity.db'));
  return {
    app,
    config,
    dataDir,
    logLines,
    async close() {
      db.close();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    expireFlow(id) {
      db.prepare('UPDATE flows SET expires_at = ? WHERE id = ?').run(Date.now() - 5 * 60_000, id);
    },
    ageSession(email, minutes) {
      db.prepare(
        `UPDATE sessions SET authenticated_at = authenticated_at - ? WHERE identity_id IN
           (SELECT identity_id FROM credentials WHERE type = 'password' AND identifier = ?)`,
      ).run(minutes * 60_000, email.toLowerCase());
    },
    sql<T>(query: string, ...params: unknown[]) {
      return db.prepare(query).all(...params) as T[];
    },
  };
}

export interface Res {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  // Parsed JSON of the answer (tests read fields of the contract shapes freely).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  location?: string;
}

/** A browser: keeps cookies between calls; `json` calls send Accept: application/json like the account screens. */
export class Client {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    opts: {
      json?: boolean;
      body?: Record<string, unknown>;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Res> {
    const u = new URL(url, ORIGIN);
    const headers: Record<string, string> = {
      accept: opts.json === false ? 'text/html,application/xhtml+xml' : 'application/json',
      ...opts.headers,
    };
    if (this.jar.size > 0) headers.cookie = this.cookieHeader();
    let payload: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(opts.body);
    }
    const res = await this.app.inject({
      method,
      url: u.pathname + u.search,
      headers,
      payload,
      remoteAddress: this.ip,
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) =>
          /^\s*max-age=0$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()),
      );
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    let json: unknown;
    try {
      json = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
      json,
      location: typeof res.headers.location === 'string' ? res.headers.location : undefined,
    };
  }

  get(url: string, json = true) {
    return this.request('GET', url, { json });
  }

  /** Starts a flow as the SPA does (JSON) and returns it. */
  async init(kind: string, query = ''): Promise<Res> {
    return this.get(`/identity/self-service/${kind}/browser${query ? `?${query}` : ''}`);
  }

  /** Submits to the flow's `ui.action` with its CSRF token (JSON body unless `form`). */
  submit(
    flow: { ui: { action: string } },
    fields: Record<string, unknown>,
    opts: { form?: boolean; json?: boolean; csrf?: string | null } = {},
  ) {
    const csrf = opts.csrf === undefined ? csrfOf(flow) : opts.csrf;
    const body = { ...(csrf === null ? {} : { csrf_token: csrf }), ...fields };
    if (opts.form)
      return this.request('POST', flow.ui.action, {
        form: body as Record<string, string>,
        json: opts.json ?? false,
      });
    return this.request('POST', flow.ui.action, { body, json: opts.json ?? true });
  }
}

interface FlowLike {
  ui: { action: string; nodes?: Array<{ attributes: { name?: string; value?: unknown } }> };
}

export function csrfOf(flow: { ui: { action: string } }): string {
  const node = (flow as FlowLike).ui.nodes?.find((n) => n.attributes.name === 'csrf_token');
  return String(node?.attributes.value ?? '');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- flow JSON from the wire
export function node(flow: any, name: string, value?: string): any {
  return flow.ui.nodes.find(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- flow JSON from the wire
    (n: any) =>
      (n.attributes.name ?? n.attributes.id) === name &&
      (value === undefined || n.attributes.value === value),
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function messageIds(flow: any): number[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (flow.ui.messages ?? []).map((m: any) => m.id);
}

export const PASSWORD = 'correct horse battery staple';

/** Signs up and verifies through the mailed code: the state most tests start from. */
export async function signUpVerified(
  client: Client,
  mailbox: MailBox,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const reg = await client.init('registration');
  const done = await client.submit(reg.json, { method: 'password', 'traits.email': email, password });
  if (done.status !== 200) throw new Error(`sign-up failed: ${done.status} ${done.body}`);
  const verificationId = done.json.continue_with[0].flow.id as string;
  const flow = await client.get(`/identity/self-service/verification/flows?id=${verificationId}`);
  const code = codeFrom(await mailbox.next(email));
  const verified = await client.submit(flow.json, { method: 'code', code });
  if (verified.json.state !== 'passed_challenge') throw new Error(`verification failed: ${verified.body}`);
}

export async function logIn(client: Client, email: string, password = PASSWORD): Promise<Res> {
  const flow = await client.init('login');
  return client.submit(flow.json, { method: 'password', identifier: email, password });
}
