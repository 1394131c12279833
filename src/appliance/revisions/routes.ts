/**
 * History of the configuration: `GET {api}revisions` (paged, filtered by area, account, method and time range, in
 * SQL) and `GET {api}revisions/{id}` with its semantic diff. Any signed-in account may ask; it sees a revision only
 * when it may read every section the revision touches (guards.ts; admins all of them): one that touches another area
 * too is a 404 for it, as are its files and revert plan, and lists and search hits leave it out without counting it.
 */
import type { FastifyInstance } from 'fastify';
import {
  getRestorePlan,
  getRevertPlan,
  getRevision,
  getRevisionFiles,
  restoreRevision,
  revertRevision,
  listRevisions as listRevisionsEndpoint,
} from '../../shared/contracts/revisions';
import type { ApplyManager } from '../apply/manager';
import { contractRoute } from '../http/contractRoute';
import { applyConfig, derivedPlan, restoreDocument, revertDocument } from './apply';
import { changeReason } from './capture';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { notFound } from '../http/errors';
import { diffLines } from './diff';
import { revertPlan } from './document';
import { sectionsOf } from './sections';
import { listRevisions, readRevision, type RevisionQuery } from './store';
import { readRevisionFiles } from './files';
import { mayReadAll, readableSections } from './guards';

export function registerRevisionRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): void {
  contractRoute(scope, listRevisionsEndpoint, { access: 'session' }, async (req) => {
    const query: RevisionQuery = req.query;
    const areaSections = query.area
      ? sectionsOf(ctx)
          .filter((s) => s.area === query.area)
          .map((s) => s.name)
      : undefined;
    return listRevisions(ctx.db, query, {
      readable: readableSections(ctx, currentUser(req)),
      areaSections,
    });
  });

  /** The revision, when the caller may read every section it touches (otherwise as missing as one that is not). */
  const shown = <T extends { sections: string[] }>(
    req: Parameters<typeof currentUser>[0],
    revision: T | null,
  ) => {
    if (!revision || !mayReadAll(ctx, currentUser(req), revision.sections))
      throw notFound('No such revision');
    return revision;
  };

  contractRoute(scope, getRevision, { access: 'session' }, async (req) => {
    const map = new Map(sectionsOf(ctx).map((s) => [s.name, s]));
    return shown(
      req,
      readRevision(ctx.db, Number(req.params.id), (changes) => diffLines(map, changes)),
    );
  });

  // The generated files the revision rendered differently; whoever may read the revision may read them.
  contractRoute(scope, getRevisionFiles, { access: 'session' }, async (req) => {
    const revision = shown(
      req,
      readRevision(ctx.db, Number(req.params.id), () => []),
    );
    return { files: readRevisionFiles(ctx.db, revision.id) };
  });

  // What reverting a revision would change now (the step before a revert through safe apply); changes nothing.
  contractRoute(scope, getRevertPlan, { access: 'session' }, async (req) => {
    const revision = shown(
      req,
      readRevision(ctx.db, Number(req.params.id), () => []),
    );
    return revertPlan(ctx, revision.changes);
  });

  const revisionOr404 = (id: string) => {
    const revision = readRevision(ctx.db, Number(id), () => []);
    if (!revision) throw notFound('No such revision');
    return revision;
  };

  /** A revert or a restore is recorded as method `restore`, its reason naming what it undid. */
  const reasonOf = (label: string, req: Parameters<typeof changeReason>[0]) => {
    const given = changeReason(req);
    return given ? `${label}: ${given}` : label;
  };

  // Which configuration as of a revision would be restored (every later change undone); changes nothing.
  contractRoute(scope, getRestorePlan, { access: 'admin' }, async (req) => {
    revisionOr404(req.params.id);
    return derivedPlan(ctx, restoreDocument(ctx, Number(req.params.id)));
  });

  // Reverting and restoring span areas (a restore may touch every one): the admins'.
  contractRoute(scope, revertRevision, { access: 'admin' }, async (req) => {
    const revision = revisionOr404(req.params.id);
    return applyConfig(ctx, manager, revertDocument(ctx, revision.changes), {
      actor: currentUser(req).username,
      method: 'restore',
      source: req.ip ?? null,
      reason: reasonOf(`Revert of #${revision.id}`, req),
      route: `POST /revisions/${revision.id}/revert`,
      reverts: revision.id,
      action: `revision #${revision.id} reverted`,
    });
  });

  contractRoute(scope, restoreRevision, { access: 'admin' }, async (req) => {
    const revision = revisionOr404(req.params.id);
    return applyConfig(ctx, manager, restoreDocument(ctx, revision.id), {
      actor: currentUser(req).username,
      method: 'restore',
      source: req.ip ?? null,
      reason: reasonOf(`Restore as of #${revision.id}`, req),
      route: `POST /revisions/${revision.id}/restore`,
      reverts: revision.id,
      action: `configuration restored as of revision #${revision.id}`,
    });
  });
}
