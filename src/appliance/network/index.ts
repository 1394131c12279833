/**
 * The appliance's network module: interfaces and live throughput of the machine the console runs on, counters
 * sampled into SQLite (migration namespace `network`) for the analytics page, and the home dashboard's status
 * (the preferences are applied through the safe apply: ./managed.ts). `registerNetwork` mounts it beside the
 * appliance's own scopes and stops its timers and streams when the server closes.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplianceContext } from '../context';
import { applyApiConventions } from '../http/scope';
import { readCounters, readCpuTimes } from './host';
import { createLiveHub, type LiveOptions } from './live';
import { registerNetworkRoutes, registerNetworkStream } from './routes';
import { migrateNetwork, startSampler } from './samples';
import { createCpuMeter, type ServiceState } from './status';

export interface NetworkOptions {
  live?: Partial<LiveOptions>;
}

export async function registerNetwork(
  app: FastifyInstance,
  ctx: ApplianceContext,
  options: NetworkOptions = {},
): Promise<void> {
  const { config } = ctx;
  migrateNetwork(ctx.db);
  const sampler = startSampler({
    db: ctx.db,
    read: readCounters,
    intervalSeconds: config.networkSampleSeconds,
    retentionDays: config.networkRetentionDays,
    now: ctx.now,
    onError: (e) => app.log.error({ err: e }, 'network sample could not be stored'),
  });
  const live = createLiveHub(readCounters, options.live);
  const cpu = createCpuMeter(readCpuTimes);
  const services = (): ServiceState[] => [
    { name: 'Appliance API', state: 'running', detail: `under ${config.apiBase}` },
    { name: 'Identity service', state: 'running', detail: `under ${config.identityBase}` },
    {
      name: 'Syslog receiver',
      state: config.syslogPort ? 'running' : 'off',
      detail: config.syslogPort ? `loopback port ${config.syslogPort}` : 'no port configured',
    },
    {
      name: 'Network sampler',
      state: 'running',
      detail: `every ${config.networkSampleSeconds} s, kept ${config.networkRetentionDays} days`,
    },
  ];

  await app.register(
    async (api) => {
      applyApiConventions(api);
      await registerNetworkRoutes(api, ctx, { live, cpu, services });
    },
    { prefix: ctx.apiPrefix },
  );
  await app.register(
    async (eos) => {
      applyApiConventions(eos);
      registerNetworkStream(eos, live);
    },
    { prefix: '/eos' },
  );

  app.addHook('preClose', async () => {
    sampler.stop();
    live.closeAll();
  });
}
