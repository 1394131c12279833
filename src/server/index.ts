/**
 * Server entry: loads the config (a bad value stops with one line naming the key), builds the server, listens, and
 * shuts down gracefully on SIGTERM and SIGINT.
 */
import './setEnv';
import path from 'node:path';
import { ConfigError, loadConfig, publicOrigin } from '../../config';
import { buildServer } from './app';

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw e;
  }
  const clientDir = process.env.RAMPART_CLIENT_DIR ?? path.resolve(__dirname, '../client');
  const app = await buildServer({ config, clientDir });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
  process.stdout.write(`Rampart console: ${publicOrigin(config)}/\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`rampart: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
