/**
 * The service manager, mounted beside the managed services: the units of the features' daemons (the DNS proxy, SSH:
 * handed in by the apply engine, ../apply/features.ts), the backend the
 * configuration chooses (`RAMPART_SERVICES`: embedded, systemd or off), the state and control routes, the daemons
 * started once the server is ready and stopped when it closes, and Apply / rollback followed by the running daemon.
 */
import type { FastifyInstance } from 'fastify';
import type { FeatureDaemon } from '../apply/features';
import type { ApplyManager } from '../apply/manager';
import type { DashboardSummary } from '../../shared/dashboard';
import type { ApplianceContext } from '../context';
import { registerServiceRoutes } from './routes';
import { createBackend, ServiceSupervisor } from './supervisor';

export { ServiceSupervisor } from './supervisor';
export type { ServiceState, ServiceStatus } from './types';

const supervisors = new WeakMap<ApplianceContext, ServiceSupervisor>();

/** The service manager of an appliance (the dashboard reads service states through it). */
export const supervisorOf = (ctx: ApplianceContext): ServiceSupervisor | undefined => supervisors.get(ctx);

/** Adds to the dashboard's DNS and SSH parts (present only for accounts that read those areas) what runs. */
export async function addDaemonStates(ctx: ApplianceContext, summary: DashboardSummary): Promise<void> {
  const supervisor = supervisorOf(ctx);
  // Nothing runs daemons (`RAMPART_SERVICES=off`): the cards keep saying only what is configured.
  if (!supervisor || supervisor.backend.kind === 'off') return;
  for (const part of ['dns', 'ssh'] as const) {
    const target = summary[part];
    if (!target) continue;
    const { status, message } = await supervisor.state(part);
    target.daemon = { status, message };
  }
}

export async function registerServices(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
  daemons: FeatureDaemon[],
): Promise<ServiceSupervisor> {
  const supervisor = new ServiceSupervisor(createBackend(ctx.config.services, ctx), (e, name) =>
    scope.log.error({ err: e, service: name }, 'the service could not follow its applied configuration'),
  );
  const units = daemons.map((d) => ({ unit: d.unit(ctx, manager), routes: d.routes }));
  for (const { unit } of units) supervisor.register(unit);
  supervisors.set(ctx, supervisor);
  manager.onApplied = (name) => supervisor.follow(name);
  manager.awaitServing = (name, since) => supervisor.awaitServing(name, since);
  manager.servingNow = (name) => supervisor.serving(name);

  for (const { unit, routes } of units)
    await registerServiceRoutes(scope, ctx, supervisor, unit.name, routes);

  scope.addHook('onReady', async () => {
    await supervisor.startAll();
  });
  // Before the database closes: the daemons' last lines still reach the log store.
  scope.addHook('preClose', async () => supervisor.close());
  return supervisor;
}
