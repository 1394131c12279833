/**
 * Applying a configuration document (issue 29): `PUT {api}config`, the revert of one revision and the restore of the
 * configuration as of a revision all end here. The sections the document changes are written by their writers
 * (sections.ts `write`) in one transaction, recorded as one revision, and the managed services they belong to are
 * applied as one safe-apply job (apply/manager.ts `applyAll`). A lock-out-prone change opens the usual confirmation;
 * when it is not kept (deadline or "Revert now") everything the document changed rolls back: the other confirmations
 * of the job, the other services' applied configuration and files, and the saved sections as they were before.
 */
import type { ApplianceContext } from '../context';
import { inTransaction } from '../context';
import type { ApplyManager } from '../apply/manager';
import type { JobProgress } from '../jobs/runner';
import { HttpError } from '../http/errors';
import { AuditService, auditText } from '../audit';
import { confirmationArea } from '../../shared/privileges';
import { CONFIG_FORMAT, type ConfigPlan, type RevisionMethod } from '../../shared/contracts/revisions';
import { recordChanges } from './capture';
import { filesBefore } from './files';
import { canonical } from './diff';
import { planDocument, putBack, type DerivedDocument } from './document';
import { afterWrite, sectionsOf, type Entities, type Section } from './sections';
import { missingWrite } from './guards';
import type { SessionUser } from '../auth/sessions';

export interface ApplyMeta {
  actor: string;
  method: RevisionMethod;
  source: string | null;
  reason: string | null;
  route: string;
  reverts?: number | null;
  /** What the audit record says happened ("configuration document applied", "revision #4 reverted", …). */
  action: string;
}

export interface ConfigApplyResult {
  plan: ConfigPlan;
  /** The revision recorded (null: nothing changed). */
  revision: number | null;
  /** The safe-apply job (null: nothing to apply). */
  job: JobProgress | null;
}

/** Lock-out-prone services go last: what cannot lock anyone out is applied before a confirmation opens. */
const ORDER = ['dns', 'network', 'auth', 'ssh'];
const byOrder = (a: string, b: string) =>
  (ORDER.indexOf(a) + 1 || ORDER.length + 1) - (ORDER.indexOf(b) + 1 || ORDER.length + 1);

/** The plan, refused (422) when it changes what a document cannot set. */
async function checkedPlan(
  ctx: ApplianceContext,
  doc: { format: string; sections: Record<string, unknown>; notes?: Record<string, string> },
  reads?: Map<string, Entities>,
) {
  const plan = await planDocument(ctx, doc, reads);
  const sections = new Map(sectionsOf(ctx).map((s) => [s.name, s]));
  const refused = plan.changes.filter(
    (c) => !sections.get(c.section)?.write || c.secret_differs || c.refused,
  );
  if (refused.length)
    throw new HttpError(
      422,
      refused.map((c) => ({
        loc: ['body', 'sections', c.section, c.id],
        msg: c.secret_differs
          ? `${c.title}: a secret cannot be set from a configuration document (change it on its page)`
          : c.refused && sections.get(c.section)?.write
            ? `${c.title}: ${c.note ?? 'cannot be changed from a configuration document'}`
            : `${c.title}: ${sections.get(c.section)?.label ?? c.section} cannot be changed from a configuration document${
                sections.get(c.section)?.readOnly ? ` (${sections.get(c.section)?.readOnly})` : ''
              }`,
        type: 'value_error.config.read_only',
      })),
    );
  return { plan, sections };
}

/**
 * A section the document leaves as it is, but that follows one it changed (the sign-in services name providers), must
 * still be as the document says after the writes: otherwise the database changed it behind the document (422).
 */
function assertFollowersAsDocument(
  ctx: ApplianceContext,
  sections: ReadonlyMap<string, Section>,
  changed: readonly Section[],
  wantedSections: Record<string, unknown>,
): void {
  for (const s of sections.values()) {
    const wanted = wantedSections[s.name] as Entities | undefined;
    const leaders = changed.filter((c) => s.follows?.includes(c.name));
    if (!wanted || changed.includes(s) || !leaders.length) continue;
    const now = s.read(ctx.db);
    const id = [...new Set([...Object.keys(now), ...Object.keys(wanted)])].find(
      (k) => canonical(now[k] ?? null) !== canonical(wanted[k] ?? null),
    );
    if (id === undefined) continue;
    throw new HttpError(422, [
      {
        loc: ['body', 'sections', s.name, id],
        msg: `${s.title(id, wanted[id] ?? now[id])} would not stay as the document says: ${s.label} changes with ${leaders
          .map((c) => c.label)
          .join(', ')}; change it in the document too`,
        type: 'value_error.config.follows',
      },
    ]);
  }
}

/**
 * The sections as they are now, which must be as the plan read them: the plan is made in slices, so another request
 * may have changed one meanwhile, and then the plan would not say what the document does (409).
 */
function unchangedSincePlan(
  ctx: ApplianceContext,
  changed: readonly Section[],
  reads: ReadonlyMap<string, Entities>,
): Entities[] {
  return changed.map((s) => {
    const now = s.read(ctx.db);
    const planned = reads.get(s.name);
    // Both reads come from the same reader, so equal configurations are equal texts.
    if (planned !== undefined && JSON.stringify(planned) !== JSON.stringify(now))
      throw new HttpError(409, [
        {
          loc: ['body', 'sections', s.name],
          msg: `${s.label} changed while the document was planned; plan it again`,
          type: 'value_error.config.changed',
        },
      ]);
    return now;
  });
}

/** Applies a document through safe apply; an unchanged one changes nothing (no revision, no job). */
export async function applyConfig(
  ctx: ApplianceContext,
  manager: ApplyManager,
  doc: { format: string; sections: Record<string, unknown>; notes?: Record<string, string> },
  meta: ApplyMeta,
): Promise<ConfigApplyResult> {
  const reads = new Map<string, Entities>();
  const { plan, sections } = await checkedPlan(ctx, doc, reads);
  if (!plan.changes.length) return { plan, revision: null, job: null };
  // From here to the answer everything is synchronous: the sections read now are the "before" of the revision.
  // Sections kept in files are written last: a file is not rolled back with the transaction.
  const changed = [...new Set(plan.changes.map((c) => c.section))]
    .map((n) => sections.get(n) as Section)
    .sort((a, b) => Number(!!a.files) - Number(!!b.files));
  const services = [...new Set(changed.flatMap((s) => (s.service ? [s.service] : [])))].sort(byOrder);
  manager.assertNotPending(services);
  manager.assertNoCollidingJob();
  const before = unchangedSincePlan(ctx, changed, reads);
  // Entities a revert brings back without their secret (document.ts `putBack`), per section.
  const returning = (s: Section) =>
    new Set(
      Object.keys(doc.notes ?? {})
        .filter((k) => k.startsWith(`${s.name}/`))
        .map((k) => k.slice(s.name.length + 1)),
    );
  const rendered = filesBefore(ctx, changed);
  const applied = Object.fromEntries(services.map((n) => [n, manager.appliedSnapshot(n)]));
  let revision: number | null = null;
  inTransaction(ctx.db, () => {
    for (const s of changed)
      s.write?.(ctx.db, doc.sections[s.name] as Entities, ctx.now(), returning(s), meta.actor);
    assertFollowersAsDocument(ctx, sections, changed, doc.sections);
    const { action: _action, ...revisionMeta } = meta;
    revision = recordChanges(ctx, changed, before, { ...revisionMeta, area: changed[0].area }, rendered);
  });
  // The areas' own routes audit their changes; a document, revert or restore writes them here, so it says so once
  // (when what it wrote stays: a job that cannot start undoes it).
  const audit = () =>
    ctx.audit.record(
      AuditService.settings,
      `${meta.action} by "${auditText(meta.actor)}": ${changed.map((s) => s.label).join(', ')}${
        revision === null ? '' : ` (revision #${revision})`
      }`,
    );
  afterWrite(ctx, changed);
  if (!services.length) {
    audit();
    return { plan, revision, job: null };
  }
  let job: JobProgress;
  try {
    job = manager.applyAll(services, meta.actor);
  } catch (e) {
    // The job could not start (another began meanwhile): nothing the document saved stays.
    inTransaction(ctx.db, () => {
      changed.forEach((s, i) => s.write?.(ctx.db, before[i], ctx.now()));
      if (revision !== null) ctx.db.prepare('DELETE FROM revisions WHERE id = ?').run(revision);
    });
    afterWrite(ctx, changed);
    throw e;
  }
  ctx.db
    .prepare(
      `INSERT INTO revision_applies (job_id, revision_id, sections, before, applied, status)
       VALUES (?, ?, ?, ?, ?, 'applied')`,
    )
    .run(
      job.id,
      revision,
      JSON.stringify(changed.map((s) => s.name)),
      JSON.stringify(Object.fromEntries(changed.map((s, i) => [s.name, before[i]]))),
      JSON.stringify(applied),
    );
  audit();
  return { plan, revision, job };
}

/**
 * When a confirmation of a document's job was not kept: the job's other pending confirmations are rolled back, the
 * services it applied without one get their previous applied configuration back, and the saved sections are written
 * as they were before the document (recorded as a revision naming the one rolled back).
 */
export function rollbackConfigApply(
  ctx: ApplianceContext,
  manager: ApplyManager,
  rolledBack: { id: string; service: string; jobId: string | null },
  by?: string,
): void {
  if (!rolledBack.jobId) return;
  const row = ctx.db
    .prepare("SELECT * FROM revision_applies WHERE job_id = ? AND status = 'applied'")
    .get(rolledBack.jobId) as
    | { job_id: string; revision_id: number | null; sections: string; before: string; applied: string }
    | undefined;
  if (!row) return;
  ctx.db.prepare("UPDATE revision_applies SET status = 'rolled_back' WHERE job_id = ?").run(row.job_id);
  const others = ctx.db
    .prepare("SELECT id FROM apply_confirmations WHERE job_id = ? AND status = 'pending' AND id <> ?")
    .all(row.job_id, rolledBack.id) as Array<{ id: string }>;
  for (const o of others) manager.rollback(o.id, by);
  const confirmed = new Set(
    (
      ctx.db.prepare('SELECT service FROM apply_confirmations WHERE job_id = ?').all(row.job_id) as Array<{
        service: string;
      }>
    ).map((r) => r.service),
  );
  const applied = JSON.parse(row.applied) as Record<string, unknown>;
  const names = JSON.parse(row.sections) as string[];
  const before = JSON.parse(row.before) as Record<string, Entities>;
  const sections = sectionsOf(ctx).filter((s) => names.includes(s.name));
  const now = sections.map((s) => s.read(ctx.db));
  for (const [service, snapshot] of Object.entries(applied))
    if (!confirmed.has(service) && snapshot !== null)
      manager.restoreApplied(service, snapshot, by ?? 'system');
  inTransaction(ctx.db, () => {
    for (const s of sections) s.write?.(ctx.db, before[s.name], ctx.now());
  });
  afterWrite(ctx, sections);
  // "Revert now" is a request whose capture records the sections of the confirmation's area with the account; the
  // rest of the rollback is recorded here (all of it at a deadline, as the appliance's own change).
  const area = confirmationArea(rolledBack.service);
  const recorded = sections
    .map((s, i) => ({ s, before: now[i] }))
    .filter((x) => by === undefined || x.s.area !== area);
  if (!recorded.length) return;
  recordChanges(
    ctx,
    recorded.map((x) => x.s),
    recorded.map((x) => x.before),
    {
      actor: by ?? 'system',
      method: 'system',
      source: null,
      reason:
        by === undefined
          ? `revision #${String(row.revision_id)} was not kept in time: everything it changed was rolled back`
          : `revision #${String(row.revision_id)} was reverted at once: everything it changed was rolled back`,
      area: recorded[0].s.area,
      route: null,
      reverts: row.revision_id,
    },
  );
}

/**
 * What the account lacks to keep or revert a pending confirmation, in words for a 403, or null when it may: a
 * configuration document's change needs write on every section the document wrote (its rollback undoes all of them;
 * accounts and other admins' sections: the admin role), a restore's the admin role. A confirmation of one area's own
 * change needs that area's write, which its route already asks (apply/routes.ts).
 */
export function missingToResolve(
  ctx: ApplianceContext,
  user: SessionUser,
  confirmationId: string,
): string | null {
  if (user.role === 'admin') return null;
  const row = ctx.db
    .prepare(
      `SELECT c.job_id, a.sections, j.payload FROM apply_confirmations c
       LEFT JOIN revision_applies a ON a.job_id = c.job_id
       LEFT JOIN jobs j ON j.id = c.job_id WHERE c.id = ?`,
    )
    .get(confirmationId) as
    { job_id: string | null; sections: string | null; payload: string | null } | undefined;
  if (!row?.job_id) return null;
  if (row.sections) return missingWrite(ctx, user, JSON.parse(row.sections) as string[]);
  // A restore applies every service in one job: its confirmations are the administrators'.
  return kindOf(row.payload) === 'restore' ? 'the admin role (the change is a restore of a backup)' : null;
}

/** The `kind` a job's payload names (a backup's, a restore's), or null. */
function kindOf(payload: string | null): unknown {
  try {
    return payload ? ((JSON.parse(payload) as { kind?: unknown } | null)?.kind ?? null) : null;
  } catch {
    return null;
  }
}

interface StoredChange {
  section: string;
  id: string;
  before: Entities[string] | null;
  after: Entities[string] | null;
}

/**
 * The document that reverts one revision: each entity it changed put back as it was before it, in the writable
 * sections (a read-only one is refused when its entity differs, by the plan); secrets as `putBack` says.
 */
export function revertDocument(ctx: ApplianceContext, changes: readonly StoredChange[]): DerivedDocument {
  const sections = new Map(sectionsOf(ctx).map((s) => [s.name, s]));
  const out: Record<string, Entities> = {};
  const notes: Record<string, string> = {};
  for (const c of changes) {
    const section = sections.get(c.section);
    if (!section) continue;
    putBack(section, (out[c.section] ??= { ...section.read(ctx.db) }), notes, c);
  }
  return { format: CONFIG_FORMAT, sections: out, notes };
}

/**
 * The document of the configuration as it was right after revision `id`: every later revision's entities put back
 * as they were before it (newest first), in the sections a document can write; secrets as `putBack` says.
 */
export function restoreDocument(ctx: ApplianceContext, id: number): DerivedDocument {
  const sections = new Map(sectionsOf(ctx).map((s) => [s.name, s]));
  const later = ctx.db
    .prepare('SELECT changes FROM revisions WHERE id > ? ORDER BY id DESC')
    .all(id) as Array<{
    changes: string;
  }>;
  const out: Record<string, Entities> = {};
  const notes: Record<string, string> = {};
  for (const r of later)
    for (const c of JSON.parse(r.changes) as StoredChange[]) {
      const section = sections.get(c.section);
      if (!section?.write) continue;
      // A later change of the same entity decides again (an entity put back without its secret, then changed).
      delete notes[`${c.section}/${c.id}`];
      putBack(section, (out[c.section] ??= { ...section.read(ctx.db) }), notes, c);
    }
  // Sections whose later changes cancel out plan to nothing; they are left out.
  for (const [name, entities] of Object.entries(out))
    if (canonical(entities) === canonical(sections.get(name)?.read(ctx.db))) delete out[name];
  return { format: CONFIG_FORMAT, sections: out, notes };
}

/** The plan of a derived document (revert, restore), read-only changes kept in it (PUT refuses them). */
export async function derivedPlan(ctx: ApplianceContext, doc: DerivedDocument): Promise<ConfigPlan> {
  return { ...(await planDocument(ctx, doc)), missing_sections: [] };
}
