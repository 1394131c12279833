/**
 * The apply engine mounted in the appliance's API scope with the features it manages (DNS, SSH and network
 * preferences: generated configuration and safe apply), which the assembly hands in (./features.ts), and the service
 * manager running their daemons.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplianceContext } from '../context';
import { migrate } from '../../storage/sqlite';
import type { JobRunner } from '../jobs/runner';
import { registerServices } from '../services';
import type { ManagedFeature } from './features';
import { ApplyManager } from './manager';
import { applyMigrations } from './migrations';
import { registerPortOwners } from './ports';
import { registerApplyRoutes } from './routes';
import { captureSystemChange } from '../revisions/capture';
import { rollbackConfigApply } from '../revisions/apply';
import { confirmationArea } from '../../shared/privileges';

export type { FeatureDaemon, ManagedFeature, ServiceRoutes } from './features';

export async function registerManagedServices(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  jobs: JobRunner,
  features: ManagedFeature[],
): Promise<ApplyManager> {
  migrate(ctx.db, 'apply', applyMigrations);
  const manager = new ApplyManager(ctx, jobs, ctx.config.applyConfirmSeconds);
  registerPortOwners(ctx, manager);
  // Before any rollback can run (recover, below): a change not kept in time is restored as a revision of its own.
  manager.aroundTimedRollback = (service, restore) =>
    captureSystemChange(
      ctx,
      confirmationArea(service),
      `not kept within ${ctx.config.applyConfirmSeconds} s: the previous configuration was restored`,
      restore,
    );
  // A configuration document applied as one job rolls back as a whole when one of its changes is not kept.
  manager.onRolledBack = (rolledBack, by) => rollbackConfigApply(ctx, manager, rolledBack, by);
  for (const feature of features) await feature.register(scope, ctx, manager);
  await registerApplyRoutes(scope, ctx, manager);
  // Before recovering: a rollback due while the console was down reaches the daemons too.
  const daemons = features.flatMap((f) => (f.daemon ? [f.daemon] : []));
  await registerServices(scope, ctx, manager, daemons);
  manager.recover();
  scope.addHook('onClose', async () => manager.stop());
  return manager;
}
