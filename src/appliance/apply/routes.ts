/**
 * Changes awaiting confirmation (safe apply): list them, keep one, or revert one at once (the previous configuration
 * is restored now instead of at the deadline). An account sees and may keep the changes of the
 * services whose area it may write (src/shared/privileges.ts `CONFIRMATION_AREAS`; the routes that keep or revert
 * one declare that area, found from the confirmation: `confirmationAccess`); admins all of them. A change that touches
 * more (a configuration document's, a restore's) is listed, kept and reverted only by an account that may write all
 * of it (revisions/apply.ts `missingToResolve`): reverting it undoes everything it changed. A change is kept only
 * while its daemon serves it.
 */
import type { FastifyInstance } from 'fastify';
import { allows, confirmationArea } from '../../shared/privileges';
import { privilegesOf } from '../auth/privileges';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { forbidden, notFound } from '../http/errors';
import type { RouteAccess } from '../http/routeAccess';
import type { ApplyManager } from './manager';
import { contractRoute } from '../http/contractRoute';
import { keepConfirmation, listConfirmations, revertConfirmation } from '../../shared/contracts/apply';
import { missingToResolve } from '../revisions/apply';
import type { SessionUser } from '../auth/sessions';

/** Keeping or reverting a change needs the write privilege of its service's area (src/shared/privileges.ts). */
const confirmationAccess = (ctx: ApplianceContext): RouteAccess => ({
  what: 'the area of the confirmation’s service',
  resolve: (req) => {
    const id = (req.params as { id?: unknown }).id;
    if (typeof id !== 'string') return null;
    const row = ctx.db.prepare('SELECT service FROM apply_confirmations WHERE id = ?').get(id) as
      { service: string } | undefined;
    return row ? confirmationArea(row.service) : null;
  },
});

/** Refuses (403, naming what is missing) an account that may not write everything the pending change touches. */
function assertMayResolve(ctx: ApplianceContext, user: SessionUser, id: string): void {
  const missing = missingToResolve(ctx, user, id);
  if (missing) throw forbidden(`You do not have permission to do this: this needs ${missing}`);
}

export async function registerApplyRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): Promise<void> {
  contractRoute(scope, listConfirmations, { access: 'session' }, async (req) => {
    const user = currentUser(req);
    const privileges = privilegesOf(ctx, user);
    return {
      data: manager.pending().filter((c) => {
        if (user.role === 'admin') return true;
        const area = confirmationArea(c.service);
        return area !== null && allows(privileges, area, 'write') && !missingToResolve(ctx, user, c.id);
      }),
    };
  });

  contractRoute(scope, keepConfirmation, { access: confirmationAccess(ctx) }, async (req) => {
    assertMayResolve(ctx, currentUser(req), req.params.id);
    await manager.assertServing(req.params.id);
    if (!manager.confirm(req.params.id, currentUser(req).username))
      throw notFound('No change awaits this confirmation (it was kept or already rolled back)');
    return { status: 'confirmed' as const };
  });

  contractRoute(scope, revertConfirmation, { access: confirmationAccess(ctx) }, async (req) => {
    assertMayResolve(ctx, currentUser(req), req.params.id);
    if (!manager.rollback(req.params.id, currentUser(req).username))
      throw notFound('No change awaits this confirmation (it was kept or already rolled back)');
    return { status: 'reverted' as const };
  });
}
