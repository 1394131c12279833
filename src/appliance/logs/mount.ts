/**
 * Wiring of the log service into the one-process server, in two steps because the store lives in the appliance's
 * database: `logSink` is handed to `registerAppliance` (which calls it with its opened database, and writes its
 * audit entries to the store it returns), then `mount` registers the routes (their access is declared on them and
 * enforced by the appliance) and starts the syslog receiver (off unless `syslogPort` is set).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { applianceContext, sessionUser } from '../auth/guards';
import { presentedToken, userForToken } from '../auth/sessions';
import type { Db } from '../../storage/sqlite';
import { registerLogRoutes } from './routes';
import { createLogStore, type LogStore } from './store';
import type { StreamOptions } from './stream';
import { startSyslogReceiver } from './syslog';

export interface EmbeddedLogs {
  logSink: (db: Db) => LogStore;
  mount(app: FastifyInstance): Promise<LogStore>;
}

export function createEmbeddedLogs(
  config: Config,
  options: { stream?: Partial<StreamOptions> } = {},
): EmbeddedLogs {
  let store: LogStore | undefined;
  return {
    logSink(db) {
      store = createLogStore(db, {
        retentionDays: config.logRetentionDays,
        retentionCount: config.logRetentionCount,
      });
      return store;
    },
    async mount(app) {
      if (!store) throw new Error('the log store is created by registerAppliance: pass logSink to it first');
      const logs = store;
      await registerLogRoutes(app, {
        store: logs,
        config,
        canReadAudit: (req) => sessionUser(req)?.role === 'admin',
        stream: options.stream,
        // Read afresh (not the request's cached user): a logout or expiry ends the stream at the next heartbeat.
        sessionStillValid: (req) => {
          const token = presentedToken(req);
          return !!token && userForToken(applianceContext(req.server), token) !== null;
        },
      });
      const stopSyslog = await startSyslogReceiver({
        store: logs,
        port: config.syslogPort,
        onError: (e) => app.log.warn({ err: e }, 'syslog receiver'),
      });
      // Before the appliance closes the database: stop taking lines, store what is queued, stop retention.
      app.addHook('preClose', async () => {
        await stopSyslog();
        logs.close();
      });
      return logs;
    },
  };
}
