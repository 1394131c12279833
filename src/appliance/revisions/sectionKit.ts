/**
 * The parts every configuration-document section is written with: entities as JSON, list items by id, each checked by
 * its endpoint's contract, refusals as 422 items naming the entity (`body.sections.<section>.<id>…`), and the rules for
 * secrets a document only references. A feature's section (its read and write) uses these; the registry is sections.ts.
 */
import type { TSchema } from '@sinclair/typebox';
import { createAjv } from '../http/scope';
import { HttpError, type ErrorItem } from '../http/errors';
import { canonical } from './diff';
import type { Entities, Entity, Json } from './sections';

export const json = (v: unknown): Json => JSON.parse(JSON.stringify(v ?? null)) as Json;
export const keyed = <T>(rows: T[], id: (r: T) => string, entity: (r: T) => Entity): Entities =>
  Object.fromEntries(rows.map((r) => [id(r), entity(r)]));
export const kindOf = (id: string) => id.split(':')[0];
export const plainObject = (v: unknown): Entity => json(v) as Entity;

// ---------------------------------------------------------------------------------------------------------------
// Writers: a configuration document (PUT config, a revert, a restore) is written section by section, each entity
// checked by its endpoint's contract (and the rules the schema cannot say) first; one that does not fit is a 422
// naming it, and nothing is written (the caller's transaction rolls back).

const ajv = createAjv();
const validators = new WeakMap<TSchema, ReturnType<typeof ajv.compile>>();

export function entityError(
  section: string,
  id: string,
  msg: string,
  type: string,
  field: Array<string | number> = [],
) {
  return new HttpError(422, [{ loc: ['body', 'sections', section, id, ...field], msg, type }]);
}

/** Checks an entity against a contract schema; answers it typed. */
export function checked<T>(schema: TSchema, section: string, id: string, value: unknown): T {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  if (!validate(value)) {
    const e = validate.errors?.[0];
    const field = (e?.instancePath ?? '').split('/').filter(Boolean);
    const extra = e?.keyword === 'additionalProperties' ? [String(e.params.additionalProperty)] : [];
    throw entityError(
      section,
      id,
      e?.message ?? 'does not fit',
      `value_error.config.${e?.keyword ?? 'entity'}`,
      [...field, ...extra],
    );
  }
  return value as T;
}

export function rules(section: string, id: string, errors: ErrorItem[]): void {
  const e = errors[0];
  if (e) throw entityError(section, id, e.msg, e.type, e.loc.slice(1));
}

/** The number of a list item's id (`upstream:3` → 3). */
export function itemId(section: string, id: string, kind: string): number {
  const n = Number(id.slice(kind.length + 1));
  if (kindOf(id) !== kind || !Number.isSafeInteger(n) || n < 1)
    throw entityError(section, id, `an item id is ${kind}:<number>`, 'value_error.config.id');
  return n;
}

/** The items of a list section (`upstream:3` → id 3), each checked against its stored schema. */
export function listItems<T>(section: string, entities: Entities, kind: string, schema: TSchema): T[] {
  return Object.entries(entities)
    .filter(([id]) => kindOf(id) === kind)
    .map(([id, e]) => checked<T>(schema, section, id, { ...e, id: itemId(section, id, kind) }));
}

/** A secret the document names: the stored one's marker, or refused (a document never carries a secret's value). */
export function sameSecret(
  section: string,
  id: string,
  wanted: unknown,
  stored: unknown,
  what: string,
  page: string,
): void {
  if (canonical((wanted ?? null) as Json) === canonical((stored ?? null) as Json)) return;
  throw entityError(
    section,
    id,
    stored === null
      ? `${what} cannot be set from a configuration document: add it on the ${page} page`
      : `${what} cannot be set from a configuration document: change it on the ${page} page`,
    'value_error.config.read_only',
    ['secret'],
  );
}

/** An entity the document may not change (a secret it only references, a generated fingerprint). */
export function unchanged(
  section: string,
  id: string,
  wanted: Entity | undefined,
  now: Entity | undefined,
  what: string,
) {
  if (canonical(wanted ?? null) !== canonical(now ?? null))
    throw entityError(
      section,
      id,
      `${what} cannot be set from a configuration document`,
      'value_error.config.read_only',
    );
}

export function knownIds(section: string, entities: Entities, kinds: string[], singles: string[]): void {
  for (const id of Object.keys(entities))
    if (!singles.includes(id) && !kinds.includes(kindOf(id)))
      throw entityError(section, id, 'no such entity in this section', 'value_error.config.entity');
}

/** A section's one required entity (`settings`), checked against its contract schema: refused as missing otherwise. */
export function requiredEntity<T>(
  section: string,
  entities: Entities,
  id: string,
  schema: TSchema,
  what: string,
): T {
  if (!entities[id]) throw entityError(section, id, `${what} are required`, 'value_error.missing');
  return checked<T>(schema, section, id, entities[id]);
}
