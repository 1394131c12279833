/** The embedded appliance API (mounted under the API base and /eos/). */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { openDatabase } from './db/database';
import { createLogStore, registerLogRoutes, startSyslogReceiver } from './logs';

export async function registerAppliance(app: FastifyInstance, config: Config): Promise<void> {
  // Temporary wiring of the log store alone, until the appliance's storage and auth land: every caller is allowed.
  const db = openDatabase(path.join(config.dataDir, 'appliance.sqlite'));
  const store = createLogStore(db, { retentionDays: config.logRetentionDays, retentionCount: config.logRetentionCount });
  const allow = async () => {};
  await registerLogRoutes(app, { store, config, requireUser: allow, requireAdmin: allow });
  const stopSyslog = await startSyslogReceiver({ store, port: config.syslogPort, onError: (e) => app.log.warn({ err: e }, 'syslog receiver') });
  app.addHook('onClose', async () => {
    await stopSyslog();
    store.close();
    db.close();
  });
}
