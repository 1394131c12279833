/**
 * Configuration revisions (issue 29): the sections of every configuration area (sections.ts), the capture hook around
 * every write route (capture.ts), the `revisions` table (store.ts), the history routes (routes.ts) and the
 * configuration as one document with its plan (document.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ApplianceContext } from '../context';
import type { ApplyManager } from '../apply/manager';
import { migrate } from '../../storage/sqlite';
import { installRevisionCapture } from './capture';
import { revisionsMigrations } from './migrations';
import { registerConfigDocument } from './configRoutes';
import { registerRevisionRoutes } from './routes';
import { pruneRevisions } from './store';
import { setFileRenderer } from './files';
import { deriveGuardsFrom } from './guards';

export { registerSection, sectionsOf, type Section } from './sections';
export { sectionsForRoute, routeKey } from './capture';
export { EXEMPT_WRITES } from './exempt';
export { sectionGuards, mayReadAll, missingWrite, readableSections, type SectionGuard } from './guards';

/** At the root, before any route (after the assembly registered the sections): the table and the capture hooks. */
export function installRevisions(app: FastifyInstance, ctx: ApplianceContext): void {
  migrate(ctx.db, 'revisions', revisionsMigrations);
  // Retention at start too: a lowered limit applies before the next change.
  pruneRevisions(
    ctx.db,
    { count: ctx.config.revisionRetentionCount, days: ctx.config.revisionRetentionDays },
    ctx.now(),
  );
  installRevisionCapture(app, ctx);
  // Who may read and change each section, from the routes of the server (known once it is ready).
  deriveGuardsFrom(app, ctx);
}

/** In the API scope: the history routes. */
export function registerRevisions(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): void {
  // Writes from here on store the generated files they change (the capture hook was installed before the manager).
  setFileRenderer(ctx, manager);
  registerRevisionRoutes(scope, ctx, manager);
  registerConfigDocument(scope, ctx, manager);
}
