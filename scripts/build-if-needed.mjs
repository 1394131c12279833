// What `npm start` and `npm run fleet:demo` do before they run the console: install dependencies when missing, and
// build when the sources are newer than the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built server the console runs as. */
export const builtServer = path.join(root, 'dist', 'server', 'server.js');

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const newest = (dir) => {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};

export function ensureBuilt() {
  if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    console.log('Installing dependencies (npm ci)…');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
  const sources = Math.max(
    ...['src', 'config', 'sagas', 'machines'].map((d) =>
      fs.existsSync(path.join(root, d)) ? newest(path.join(root, d)) : 0,
    ),
  );
  if (!fs.existsSync(builtServer) || fs.statSync(builtServer).mtimeMs < sources) {
    console.log('Building the console (webpack, production)…');
    run('npx', ['webpack', '--config', 'webpack.config.ts', '--mode', 'production']);
  }
}
