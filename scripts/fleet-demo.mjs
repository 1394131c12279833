#!/usr/bin/env node
// `npm run fleet:demo`: a fleet on loopback to try — a managing console running its embedded nats-server, and three
// appliances, each a console of its own (own data directory, console, DNS and SSH ports, real unbound and sshd).
// By default it turns the fleet on and enrols the three the way their admins would (add, code, join), then prints
// every console's address and admin password; `--manual` leaves all of it to you and prints the one-time passwords.
// Ctrl-C stops them all; the data stays in the printed directory.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { builtServer, ensureBuilt, root } from './build-if-needed.mjs';

const manual = process.argv.includes('--manual');
const APPLIANCES = ['branch-north', 'branch-south', 'branch-east'];

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Starts one console; resolves once `/healthz` answers, with its address and the seeded admin's password. */
async function startConsole(name, base) {
  const dataDir = path.join(base, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const env = {
    ...process.env,
    RAMPART_HOST: '127.0.0.1',
    RAMPART_PORT: String(port),
    RAMPART_DATA_DIR: dataDir,
    RAMPART_SERVICES: 'embedded',
    RAMPART_DNS_PORT: String(await freePort()),
    RAMPART_SSH_PORT: String(await freePort()),
    RAMPART_LOG_LEVEL: process.env.RAMPART_LOG_LEVEL ?? 'warn',
  };
  const child = spawn(process.execPath, [builtServer], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const log = fs.createWriteStream(path.join(base, `${name}.log`));
  for (const s of [child.stdout, child.stderr]) {
    s.on('data', (d) => {
      out += d;
      log.write(d);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${out}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const seeded = /Seeded admin: admin \/ (\S+)/.exec(out);
  return {
    name,
    url,
    child,
    dataDir,
    dns: env.RAMPART_DNS_PORT,
    ssh: env.RAMPART_SSH_PORT,
    password: seeded?.[1],
  };
}

/** A signed-in session of one console's admin, as the login page makes it (cookies and the XSRF header). */
class Session {
  constructor(url) {
    this.url = url;
    this.cookies = new Map();
  }
  async call(method, pathname, { form, json } = {}) {
    const headers = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    let body;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    } else if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    }
    const res = await fetch(`${this.url}${pathname}`, { method, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return text;
    }
  }
  /** First access: the one-time password is changed to `password`, then used to sign in. */
  async firstLogin(initial, password) {
    await this.call('GET', '/account/login');
    await this.call('POST', '/api/auth/login', { form: { username: 'admin', password: initial } }).catch(
      () => null,
    );
    await this.call('POST', '/api/auth/change_password', {
      form: { username: 'admin', password: initial, new_password: password },
    });
    await this.call('POST', '/api/auth/login', { form: { username: 'admin', password } });
  }
}

async function enrol(manager, appliances) {
  const passwords = new Map();
  const sessions = new Map();
  for (const c of [manager, ...appliances]) {
    const password = `demo-${crypto.randomBytes(9).toString('base64url')}`;
    const s = new Session(c.url);
    await s.firstLogin(c.password, password);
    passwords.set(c.name, password);
    sessions.set(c.name, s);
  }
  const m = sessions.get(manager.name);
  const settings = await m.call('PUT', '/api/fleet/settings', {
    json: {
      manage: true,
      nats: 'embedded',
      public_host: '127.0.0.1',
      listen_address: '127.0.0.1',
      nats_port: await freePort(),
      enrol_port: await freePort(),
      external_url: '',
    },
  });
  if (settings.status.problem) throw new Error(`the fleet did not start: ${settings.status.problem}`);
  for (const [i, a] of appliances.entries()) {
    const added = await m.call('POST', '/api/fleet/appliances', {
      json: { name: a.name, group: i === 0 ? 'north' : 'south' },
    });
    await sessions.get(a.name).call('POST', '/api/fleet/join', {
      json: { code: added.code, address: added.enrol_address, fingerprint: added.ca_fingerprint_sha256 },
    });
  }
  return passwords;
}

async function main() {
  ensureBuilt();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-fleet-demo-'));
  console.log(`Starting a manager and ${APPLIANCES.length} appliances (data under ${base})…`);
  const consoles = [];
  const stopAll = () => {
    for (const c of consoles) c.child.kill('SIGTERM');
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stopAll);
  try {
    consoles.push(await startConsole('manager', base));
    for (const name of APPLIANCES) consoles.push(await startConsole(name, base));
    const [manager, ...appliances] = consoles;
    const passwords = manual ? null : await enrol(manager, appliances);
    console.log('');
    for (const c of consoles) {
      const login = passwords
        ? `admin / ${passwords.get(c.name)}`
        : `admin / ${c.password} (one-time: change it at first login)`;
      console.log(`${c.name.padEnd(13)} ${c.url}  ${login}  DNS :${c.dns}  SSH :${c.ssh}`);
    }
    console.log('');
    console.log(
      passwords
        ? `The fleet: ${manager.url}/system/fleet (the three appliances appear online within seconds).`
        : `Turn the fleet on at ${manager.url}/system/fleet, add each appliance, and join it from its own console (System → Fleet → Join a fleet).`,
    );
    console.log(`Logs: ${base}/<name>.log. Ctrl-C stops them all.`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    stopAll();
    process.exitCode = 1;
    return;
  }
  await Promise.all(consoles.map((c) => new Promise((r) => c.child.once('exit', r))));
}

await main();
