/**
 * The DNS query log (issue 28): unbound's reply and local-action lines (the DNS unit's output, read by the service
 * manager) become records in `dns_queries`, classified by who answered; listed, summarised and streamed over HTTP.
 * One per appliance, found by the DNS unit through `queryLogOf`.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplyManager } from '../../apply/manager';
import type { ApplianceContext } from '../../context';
import type { DnsSnapshot } from '../proxy';
import { QueryRecorder } from './recorder';
import { registerQueryRoutes } from './routes';
import { QueryStore } from './store';

export { registerQueryStream } from './routes';

export interface QueryLog {
  store: QueryStore;
  recorder: QueryRecorder;
}

const logs = new WeakMap<ApplianceContext, QueryLog>();

export const queryLogOf = (ctx: ApplianceContext): QueryLog | undefined => logs.get(ctx);

export function registerQueryLog(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): QueryLog {
  const store = new QueryStore(ctx.db, {
    retentionDays: ctx.config.dnsQueryRetentionDays,
    retentionCount: ctx.config.dnsQueryRetentionCount,
    now: ctx.now,
  });
  const recorder = new QueryRecorder(store, {
    snapshot: () => manager.appliedSnapshot<DnsSnapshot>('dns') ?? null,
    now: ctx.now,
    onError: (e) => scope.log.error({ err: e }, 'DNS query records could not be stored'),
  });
  const log = { store, recorder };
  logs.set(ctx, log);
  registerQueryRoutes(scope, store, recorder);
  // After the daemons stopped (their last lines read), before the database closes.
  scope.addHook('onClose', async () => {
    recorder.flush();
    store.close();
  });
  return log;
}
