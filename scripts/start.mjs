#!/usr/bin/env node
// `npm start`: installs dependencies if missing, builds when the sources are newer than the build, then runs the
// console with its embedded appliance and identity service on http://localhost:8080.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const newest = (dir) => {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};
const built = path.join(root, 'dist', 'server', 'server.js');
const sources = Math.max(
  ...['src', 'config', 'sagas', 'machines'].map((d) =>
    fs.existsSync(path.join(root, d)) ? newest(path.join(root, d)) : 0,
  ),
);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the console (webpack, production)…');
  run('npx', ['webpack', '--config', 'webpack.config.ts', '--mode', 'production']);
}

const env = { ...process.env };
// `npm start -- --json-logs`: JSON log lines even in a terminal (RAMPART_LOG_FORMAT=json does the same).
if (process.argv.includes('--json-logs')) env.RAMPART_LOG_FORMAT = 'json';
env.RAMPART_HOST ??= '127.0.0.1';
env.RAMPART_PORT ??= env.PORT ?? '8080';
env.RAMPART_DATA_DIR ??= path.join(root, 'data');
const child = spawn(process.execPath, ['--enable-source-maps', built], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
