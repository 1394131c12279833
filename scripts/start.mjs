#!/usr/bin/env node
// `npm start`: installs dependencies if missing, builds when the sources are newer than the build, then runs the
// console with its embedded appliance and identity service on http://localhost:8080.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { builtServer as built, ensureBuilt, root } from './build-if-needed.mjs';

ensureBuilt();

const env = { ...process.env };
// `npm start -- --json-logs`: JSON log lines even in a terminal (RAMPART_LOG_FORMAT=json does the same).
if (process.argv.includes('--json-logs')) env.RAMPART_LOG_FORMAT = 'json';
env.RAMPART_HOST ??= '127.0.0.1';
env.RAMPART_PORT ??= env.PORT ?? '8080';
env.RAMPART_DATA_DIR ??= path.join(root, 'data');
const child = spawn(process.execPath, ['--enable-source-maps', built], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
