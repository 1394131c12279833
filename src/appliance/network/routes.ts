/**
 * Network and system routes. Public (no session): the interface list (names, states, MTU, speed, counters; MAC
 * and addresses only for signed-in users) and the live throughput stream. Signed-in users: stored samples and the
 * home dashboard's status. The preferences are a safe-apply service (./managed.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sessionUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { invalid } from '../http/errors';
import { readInterfaces, type NetworkInterface } from './host';
import type { LiveHub } from './live';
import { querySeries, sampledInterfaces } from './samples';
import { systemStatus, type ServiceState } from './status';
import { addDaemonStates } from '../services';
import { dashboardSummary } from './dashboard';
import { getDashboard } from '../../shared/contracts/system';
import { contractRoute } from '../http/contractRoute';
import { streamRoute } from '../http/streamRoute';
import { getInterfaces, getSamples, getSystemStatus, throughputStream } from '../../shared/contracts/network';
import { privilegesOf } from '../auth/privileges';
import { allows } from '../../shared/privileges';
import { area } from '../http/routeAccess';

export type PublicInterface = Omit<NetworkInterface, 'mac' | 'addresses'> & {
  mac?: string | null;
  addresses?: NetworkInterface['addresses'];
};

/** What an anonymous visitor may see of an interface: no MAC, no addresses (they map the internal network). */
export function publicView(i: NetworkInterface, signedIn: boolean): PublicInterface {
  if (signedIn) return i;
  const { mac: _mac, addresses: _addresses, ...rest } = i;
  return rest;
}

const DAY = 86_400;
export interface NetworkRouteDeps {
  live: LiveHub;
  cpu: () => Promise<number | null>;
  services: () => ServiceState[];
}

export async function registerNetworkRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  deps: NetworkRouteDeps,
): Promise<void> {
  const { db, config } = ctx;

  contractRoute(scope, getInterfaces, { access: 'public' }, async (req) => {
    const signedIn = sessionUser(req) !== null;
    return { signed_in: signedIn, data: readInterfaces().map((i) => publicView(i, signedIn)) };
  });

  contractRoute(scope, getSamples, { access: area('network') }, async (req) => {
    const now = Math.floor(ctx.now() / 1000);
    const to = req.query.to !== undefined ? Number(req.query.to) : now;
    const from = req.query.from !== undefined ? Number(req.query.from) : to - DAY;
    if (from > to)
      throw invalid(422, [
        { loc: ['query', 'from'], msg: 'from must not be after to', type: 'value_error.range' },
      ]);
    return {
      interval_seconds: config.networkSampleSeconds,
      retention_days: config.networkRetentionDays,
      from,
      to,
      interfaces: sampledInterfaces(db),
      series: querySeries(db, from, to, req.query.interface),
    };
  });

  contractRoute(scope, getSystemStatus, { access: 'session' }, async (req) => {
    const status = await systemStatus(ctx, deps.cpu, deps.services());
    const user = sessionUser(req);
    // Log entries belong to the logs area: an account that cannot read logs gets none (null: not "no warnings").
    return user && allows(privilegesOf(ctx, user), 'logs', 'read')
      ? status
      : { ...status, recent_events: null };
  });

  // Any signed-in account; each part is left out when the account cannot read its area.
  contractRoute(scope, getDashboard, { access: 'session' }, async (req) => {
    const user = sessionUser(req);
    const summary = dashboardSummary(ctx, user ? privilegesOf(ctx, user) : {}, {
      interfaces: readInterfaces,
    });
    await addDaemonStates(ctx, summary);
    return summary;
  });
}

export function registerNetworkStream(scope: FastifyInstance, live: LiveHub): void {
  streamRoute(
    scope,
    throughputStream,
    { access: 'public' },
    async (req, reply) => {
      if (!live.open(req, reply))
        return reply
          .code(503)
          .header('retry-after', '30')
          .send({ detail: 'Too many live streams; try again later' });
      return reply;
    },
    { exposeHeadRoute: false },
  );
}
