/**
 * The DNS, SSH and network preferences modules with their generated configuration and safe apply, mounted in the appliance's API scope.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplianceContext } from '../context';
import { migrate } from '../../storage/sqlite';
import type { JobRunner } from '../jobs/runner';
import { registerDns } from '../dns';
import { registerNetworkPreferences } from '../network/managed';
import { registerServices } from '../services';
import { registerSsh } from '../ssh';
import { ApplyManager } from './manager';
import { applyMigrations } from './migrations';
import { registerApplyRoutes } from './routes';
import { captureSystemChange } from '../revisions/capture';
import { confirmationArea } from '../../shared/privileges';

export async function registerManagedServices(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  jobs: JobRunner,
): Promise<ApplyManager> {
  migrate(ctx.db, 'apply', applyMigrations);
  const manager = new ApplyManager(ctx, jobs, ctx.config.applyConfirmSeconds);
  // Before any rollback can run (recover, below): a change not kept in time is restored as a revision of its own.
  manager.aroundTimedRollback = (service, restore) =>
    captureSystemChange(
      ctx,
      confirmationArea(service),
      `not kept within ${ctx.config.applyConfirmSeconds} s: the previous configuration was restored`,
      restore,
    );
  await registerDns(scope, ctx, manager);
  await registerSsh(scope, ctx, manager);
  await registerNetworkPreferences(scope, ctx, manager);
  await registerApplyRoutes(scope, ctx, manager);
  // Before recovering: a rollback due while the console was down reaches the daemons too.
  await registerServices(scope, ctx, manager);
  manager.recover();
  scope.addHook('onClose', async () => manager.stop());
  return manager;
}
