/**
 * The updates module of the appliance: signed update packages (upload or repository), the apply and rollback jobs,
 * and scheduled security-only updates. Its own schema namespace (`updates`) in the appliance database.
 */
import { registerUpdatesSection } from './section';
import type { FastifyInstance } from 'fastify';
import { migrate } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { offer } from '../offers';
import type { JobRunner } from '../jobs/runner';
import { updatesMigrations } from './migrations';
import { registerUpdateRoutes } from './routes';
import { UpdateScheduler } from './scheduler';
import { Updates } from './service';
import { currentVersion, newerPackages } from './store';

export { Updates, UpdateScheduler };

export interface UpdatesHandle {
  updates: Updates;
  scheduler: UpdateScheduler;
}

const handles = new WeakMap<ApplianceContext, UpdatesHandle>();

/** The updates module of an appliance (tests drive its scheduler with their own clock). */
export function updatesOf(ctx: ApplianceContext): UpdatesHandle {
  const h = handles.get(ctx);
  if (!h) throw new Error('the updates module is not registered');
  return h;
}

/** Migrates, mounts the routes in the API scope and starts the scheduler (stopped when the server closes). */
export async function registerUpdates(
  api: FastifyInstance,
  ctx: ApplianceContext,
  jobs: JobRunner,
): Promise<void> {
  migrate(ctx.db, 'updates', updatesMigrations);
  registerUpdatesSection(ctx);
  // The alerts' "update available" and "security update pending" read this, not the updates' tables.
  offer(ctx, 'updatesAvailable', () => ({
    current: currentVersion(ctx.db),
    available: newerPackages(ctx.db),
  }));
  const updates = new Updates(ctx, jobs);
  const scheduler = new UpdateScheduler(ctx, updates, (e) =>
    api.log.error({ err: e }, 'scheduled update failed'),
  );
  handles.set(ctx, { updates, scheduler });
  await registerUpdateRoutes(api, updates);
  scheduler.start();
  api.addHook('onClose', async () => scheduler.stop());
}
