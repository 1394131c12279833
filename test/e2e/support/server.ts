/** Starts the built console server (dist/server/server.js) for one spec file, on its own port and data dir. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/pebble';

export interface RunningServer {
  url: string;
  port: number;
  /** The server process (e.g. to read its memory). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Sends SIGTERM and resolves with the exit code. */
  terminate: () => Promise<number | null>;
}

export async function startServer(
  env: Record<string, string> = {},
  options: { nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  // A given RAMPART_PORT is kept (a restart on the same address, with the same RAMPART_DATA_DIR). Otherwise a port
  // the system reports free: two workers (or two checkouts) counting up from random bases could meet, and a
  // server that lost the race answered its neighbour's health check.
  const port = env.RAMPART_PORT ? Number(env.RAMPART_PORT) : await freePort();
  const dataDir = env.RAMPART_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-e2e-'));
  const root = path.resolve(__dirname, '../../..');
  let out = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(root, 'dist/server/server.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        RAMPART_PORT: String(port),
        RAMPART_HOST: '127.0.0.1',
        RAMPART_DATA_DIR: dataDir,
        RAMPART_LOG_LEVEL: 'warn',
        // The browser tests look at pages; the daemons' own tests run them (test/appliance/services).
        RAMPART_SERVICES: 'off',
        // Sign-ins and password changes at the least hashing cost; a spec may ask for the OWASP one.
        RAMPART_PASSWORD_HASH_COST: 'minimal',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  // It starts in about 2.5 s of CPU; on two cores shared with browsers and other servers that can take 30 s of wall.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => out,
    terminate: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
