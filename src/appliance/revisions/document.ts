/**
 * The configuration as one document (issue 29): `GET {api}config` answers every section (sections.ts) in one
 * versioned JSON document, secrets as references (`{"$secret": "…"}`, never values); `POST {api}config/plan` with a
 * document answers what applying it would change, per entity, with the lock-out-prone changes marked, and changes
 * nothing. An unchanged document plans to nothing.
 *
 * A plan is made in slices (service-kit/slices.ts): a document of tens of thousands of entities takes a few hundred
 * milliseconds to compare, and every other request is answered in between.
 */
import {
  CONFIG_FORMAT,
  type ConfigDocument,
  type ConfigPlan,
  type PlanChange,
} from '../../shared/contracts/revisions';
import type { ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { Slices } from '../../service-kit/slices';
import { canonical, changeLine, entityChange, entityIds, fieldChanges, type EntityChange } from './diff';
import { isSecretMarker } from './secrets';
import { applianceVersionOf, sectionsOf, type Entities, type Entity, type Section } from './sections';

/** A configuration document is at most this large (ten thousand certificates' metadata fit). */
export const CONFIG_BODY_LIMIT = 16 * 1024 * 1024;

export function configDocument(ctx: ApplianceContext): ConfigDocument {
  return {
    format: CONFIG_FORMAT,
    appliance_version: applianceVersionOf(ctx),
    exported_at: new Date(ctx.now()).toISOString(),
    sections: Object.fromEntries(sectionsOf(ctx).map((s) => [s.name, s.read(ctx.db)])),
  };
}

const secretsDiffer = (before: Entity | null, after: Entity | null): boolean =>
  fieldChanges(before, after).some((f) => isSecretMarker(f.before) || isSecretMarker(f.after));

/** Whether an entity's change can lock an admin out (by the section's lock-out-prone fields). */
function lockoutProne(section: Section, change: EntityChange): boolean {
  const prone = section.lockoutProne?.(change.id) ?? [];
  if (!prone.length) return false;
  if (prone.includes('*') || change.op !== 'changed') return true;
  return fieldChanges(change.before, change.after).some((f) => prone.includes(f.field.split('.')[0]));
}

/** A document derived from revisions (a revert, a restore-as-of): notes per `section/id` for its plan. */
export interface DerivedDocument {
  format: string;
  sections: Record<string, Entities>;
  /** `section/id` → what the change cannot do (an entity that comes back without its secret). */
  notes?: Record<string, string>;
}

const holdsSecret = (e: Entity) => Object.values(e).some((v) => isSecretMarker(v));

/**
 * Puts an entity of a derived document back as it was before a recorded change (an added one removed). Secrets are
 * never restored: an entity whose secret changed stays as it is, and a removed one whose secret went with it comes
 * back as its section says (`withoutSecret`: disabled, without it, with a note), or stays removed. Answers whether
 * the entity was put back.
 */
export function putBack(
  section: Section,
  doc: Entities,
  notes: Record<string, string>,
  c: Pick<EntityChange, 'id' | 'before' | 'after'>,
): boolean {
  if (c.before === null) {
    delete doc[c.id];
    return true;
  }
  // A removal the section cannot take back at all (an account needs its password again) is put back as it was, so
  // the plan shows it refused (`refuses`) rather than leaving it out without a word.
  if (c.after === null && section.refuses?.({ id: c.id, op: 'added', before: null, after: c.before })) {
    doc[c.id] = c.before;
    return true;
  }
  if (c.after === null && holdsSecret(c.before)) {
    const back = section.withoutSecret?.(c.before);
    if (!back) return false;
    doc[c.id] = back.entity;
    notes[`${section.name}/${c.id}`] = back.note;
    return true;
  }
  if (c.after !== null && secretsDiffer(c.before, c.after)) return false;
  doc[c.id] = c.before;
  return true;
}

export async function planDocument(
  ctx: ApplianceContext,
  doc: { format: string; sections: Record<string, unknown>; notes?: Record<string, string> },
  /** Filled with each section as read for the plan, so a caller writing at once need not read it again. */
  reads?: Map<string, Entities>,
): Promise<ConfigPlan> {
  if (doc.format !== CONFIG_FORMAT)
    throw new HttpError(422, [
      {
        loc: ['body', 'format'],
        msg: `this appliance reads ${CONFIG_FORMAT} documents`,
        type: 'value_error.config.format',
        ctx: { expected: CONFIG_FORMAT },
      },
    ]);
  const slices = new Slices();
  const sections = sectionsOf(ctx);
  const known = new Set(sections.map((s) => s.name));
  const changes: PlanChange[] = [];
  for (const section of sections) {
    const wanted = doc.sections[section.name];
    if (wanted === undefined) continue;
    if (typeof wanted !== 'object' || wanted === null || Array.isArray(wanted))
      throw new HttpError(422, [
        {
          loc: ['body', 'sections', section.name],
          msg: 'a section is an object of entities by id',
          type: 'type_error.dict',
        },
      ]);
    for (const [id, entity] of Object.entries(wanted as Record<string, unknown>))
      if (typeof entity !== 'object' || entity === null || Array.isArray(entity))
        throw new HttpError(422, [
          {
            loc: ['body', 'sections', section.name, id],
            msg: 'an entity is an object of fields',
            type: 'type_error.dict',
          },
        ]);
    await slices.tick();
    // Read at once (one query), then compared in slices.
    const current = section.read(ctx.db);
    reads?.set(section.name, current);
    await slices.tick();
    const kept = section.kept;
    const full = kept
      ? {
          ...Object.fromEntries(Object.entries(current).filter(([id]) => kept(id))),
          ...(wanted as Entities),
        }
      : (wanted as Entities);
    for (const id of entityIds(current, full)) {
      const change = entityChange(section, id, current[id], full[id]);
      if (change) changes.push(planChange(section, change, doc.notes));
      await slices.tick();
    }
  }
  return {
    format: CONFIG_FORMAT,
    changes,
    unknown_sections: Object.keys(doc.sections).filter((n) => !known.has(n)),
    missing_sections: [...known].filter((n) => !(n in doc.sections)),
  };
}

/** One entity's change as a plan shows it. */
function planChange(
  section: Section,
  change: EntityChange,
  notes: Record<string, string> | undefined,
): PlanChange {
  const prone = lockoutProne(section, change);
  const refusal = section.write ? section.refuses?.(change) : section.readOnly;
  return {
    section: section.name,
    id: change.id,
    title: change.title,
    op: change.op,
    line: changeLine(section, change),
    lockout_prone: prone,
    ...(prone && section.service ? { keep_changes: true } : {}),
    ...(change.op === 'changed' && secretsDiffer(change.before, change.after)
      ? { secret_differs: true }
      : {}),
    ...(notes?.[`${section.name}/${change.id}`] ? { note: notes[`${section.name}/${change.id}`] } : {}),
    ...(refusal ? { refused: true, note: refusal } : {}),
  };
}

/**
 * The plan of reverting one revision: each entity it changed put back as it was before (an added one removed), shown
 * per entity against the configuration now. An entity changed again since is marked (`changed_since`): reverting
 * would undo that later change too. Nothing changes.
 */
export async function revertPlan(
  ctx: ApplianceContext,
  changes: ReadonlyArray<Pick<EntityChange, 'section' | 'id' | 'after' | 'before'>>,
): Promise<ConfigPlan> {
  const touched = new Map<string, Entities>();
  const notes: Record<string, string> = {};
  const sections = new Map(sectionsOf(ctx).map((s) => [s.name, s]));
  const later = new Set<string>();
  for (const c of changes) {
    const section = sections.get(c.section);
    if (!section) continue;
    let doc = touched.get(c.section);
    if (!doc) touched.set(c.section, (doc = { ...section.read(ctx.db) }));
    const now = doc[c.id] ?? null;
    // Secrets are never reverted (the revert itself does the same: apply.ts).
    if (putBack(section, doc, notes, c) && canonical(now) !== canonical(c.after))
      later.add(`${c.section}/${c.id}`);
  }
  const plan = await planDocument(ctx, {
    format: CONFIG_FORMAT,
    sections: Object.fromEntries(touched),
    notes,
  });
  return {
    ...plan,
    missing_sections: [],
    changes: plan.changes.map((c) => (later.has(`${c.section}/${c.id}`) ? { ...c, changed_since: true } : c)),
  };
}
