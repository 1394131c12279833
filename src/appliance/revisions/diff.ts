/**
 * The change between two reads of a section, per entity (added, removed, changed with the fields that differ), and
 * its semantic lines for people: "Upstream 9.9.9.9@853 added", "DNS proxy: cache size 4 → 16 MiB", "Shell account:
 * password changed" (a secret marker never shows its value).
 */
import { isSecretMarker } from './secrets';
import type { Entities, Entity, Json, Section } from './sections';

export interface EntityChange {
  section: string;
  id: string;
  /** The entity's name as the section titles it (after the change, or before for a removal). */
  title: string;
  op: 'added' | 'removed' | 'changed';
  before: Entity | null;
  after: Entity | null;
}

export interface FieldChange {
  field: string;
  before: Json | undefined;
  after: Json | undefined;
}

/** Stable text of a JSON value (object keys sorted), so equal values compare equal whatever their key order. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** One entity's change between two reads (null: the same), as `diffEntities` lists it. */
export function entityChange(
  section: Section,
  id: string,
  b: Entity | undefined,
  a: Entity | undefined,
): EntityChange | null {
  if (b && !a)
    return { section: section.name, id, title: section.title(id, b), op: 'removed', before: b, after: null };
  if (!b && a)
    return { section: section.name, id, title: section.title(id, a), op: 'added', before: null, after: a };
  if (b && a && canonical(b) !== canonical(a))
    return { section: section.name, id, title: section.title(id, a), op: 'changed', before: b, after: a };
  return null;
}

/** The ids of two reads of a section, in the order their changes are listed (the earlier read's first). */
export const entityIds = (before: Entities, after: Entities): string[] => [
  ...new Set([...Object.keys(before), ...Object.keys(after)]),
];

export function diffEntities(section: Section, before: Entities, after: Entities): EntityChange[] {
  const out: EntityChange[] = [];
  for (const id of entityIds(before, after)) {
    const change = entityChange(section, id, before[id], after[id]);
    if (change) out.push(change);
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isSecretMarker(v);

/** The fields of two entity versions that differ, nested objects as dotted paths. */
export function fieldChanges(before: Entity | null, after: Entity | null, prefix = ''): FieldChange[] {
  const out: FieldChange[] = [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  for (const k of keys) {
    const b = before?.[k];
    const a = after?.[k];
    if (canonical(b) === canonical(a)) continue;
    if (isPlainObject(b) && isPlainObject(a)) out.push(...fieldChanges(b, a, `${prefix}${k}.`));
    else out.push({ field: `${prefix}${k}`, before: b, after: a });
  }
  return out;
}

function show(v: Json | undefined, unit?: string): string {
  if (v === undefined || v === null || v === '') return 'none';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (Array.isArray(v)) return v.length ? v.map((x) => show(x)).join(', ') : 'none';
  if (typeof v === 'object') return JSON.stringify(v);
  const text = String(v);
  const cut = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return unit ? `${cut} ${unit}` : cut;
}

const fieldLabel = (section: Section, field: string) =>
  section.fields?.[field]?.label ??
  field
    .split('.')
    .map((p) => p.replace(/_/g, ' '))
    .join(' ');

/** One line for one field: "cache size 4 → 16 MiB", "password changed", "upstreams 1.1.1.1 added". */
export function fieldLine(section: Section, c: FieldChange): string {
  const label = fieldLabel(section, c.field);
  if (isSecretMarker(c.before) || isSecretMarker(c.after)) {
    if (!c.before || c.before === null) return `${label} set`;
    if (!c.after || c.after === null) return `${label} removed`;
    return `${label} changed`;
  }
  if (Array.isArray(c.before) && Array.isArray(c.after)) {
    const b = c.before.map((x) => canonical(x));
    const a = c.after.map((x) => canonical(x));
    const added = c.after.filter((_, i) => !b.includes(a[i]));
    const removed = c.before.filter((_, i) => !a.includes(b[i]));
    const parts = [
      ...(added.length ? [`${show(added)} added`] : []),
      ...(removed.length ? [`${show(removed)} removed`] : []),
    ];
    return parts.length ? `${label}: ${parts.join(', ')}` : `${label} reordered: ${show(c.after)}`;
  }
  const unit = section.fields?.[c.field]?.unit;
  return `${label} ${show(c.before)} → ${show(c.after, unit)}`;
}

/** The lines of one entity's change. */
export function changeLine(section: Section, change: EntityChange): string {
  if (change.op === 'added') return `${change.title} added`;
  if (change.op === 'removed') return `${change.title} removed`;
  const fields = fieldChanges(change.before, change.after).map((f) => fieldLine(section, f));
  return `${change.title}: ${fields.join('; ')}`;
}

/** The lines of a whole change list (sections unknown to this version are shown by entity id). */
export function diffLines(
  sections: ReadonlyMap<string, Section>,
  changes: readonly EntityChange[],
): string[] {
  return changes.map((c) => {
    const section = sections.get(c.section);
    return section ? changeLine(section, c) : `${c.title} ${c.op}`;
  });
}
