/**
 * The fleet's groups (issue 42): a group is the `group` its appliances were added with; its configuration document
 * (`fleet_groups`) holds only the sections a fleet may set (FLEET_SECTIONS) and goes up one revision on each save. A
 * plan sends it (or a draft sent with the request) to every appliance of the group for its own plan (./plan/).
 */
import type { FastifyInstance } from 'fastify';
import { auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { contractRoute } from '../http/contractRoute';
import { HttpError, type ErrorItem } from '../http/errors';
import { area } from '../http/routeAccess';
import type { Db } from '../../storage/sqlite';
import { CONFIG_FORMAT } from '../../shared/contracts/revisions';
import * as groups from '../../shared/contracts/fleetGroups';
import { planGroup, type PlanTarget } from './plan/request';

type Sections = Record<string, Record<string, Record<string, unknown>>>;

interface GroupRow {
  name: string;
  document: string;
  revision: number;
  saved_by: string;
  saved_at: number;
}

const fleetSections = new Set<string>(groups.FLEET_SECTIONS);

/** What is wrong with a document's sections for a group (422 items; none: it may be saved). */
export function checkGroupSections(doc: { format: string; sections: Record<string, unknown> }): ErrorItem[] {
  const items: ErrorItem[] = [];
  if (doc.format !== CONFIG_FORMAT)
    items.push({
      loc: ['body', 'format'],
      msg: `a group's document is a ${CONFIG_FORMAT} document`,
      type: 'value_error.config.format',
      ctx: { expected: CONFIG_FORMAT },
    });
  for (const [name, entities] of Object.entries(doc.sections)) {
    const loc = ['body', 'sections', name];
    if (!fleetSections.has(name)) {
      items.push({
        loc,
        msg: `${name} is not a section a fleet may set (it stays each appliance's own); a group sets ${groups.FLEET_SECTIONS.join(', ')}`,
        type: 'value_error.fleet.section',
        ctx: { allowed: [...groups.FLEET_SECTIONS] },
      });
      continue;
    }
    if (typeof entities !== 'object' || entities === null || Array.isArray(entities)) {
      items.push({ loc, msg: 'a section is an object of entities by id', type: 'type_error.dict' });
      continue;
    }
    const own = groups.FLEET_APPLIANCE_FIELDS[name as groups.FleetSection] ?? [];
    for (const [id, entity] of Object.entries(entities as Record<string, unknown>)) {
      if (typeof entity !== 'object' || entity === null || Array.isArray(entity)) {
        items.push({ loc: [...loc, id], msg: 'an entity is an object of fields', type: 'type_error.dict' });
        continue;
      }
      for (const field of own)
        if (field in entity)
          items.push({
            loc: [...loc, id, field],
            msg: `${field} stays each appliance's own: a group's document cannot set it`,
            type: 'value_error.fleet.appliance_field',
          });
    }
  }
  return items;
}

function readGroup(db: Db, name: string): GroupRow | undefined {
  return db.prepare('SELECT * FROM fleet_groups WHERE name = ?').get(name) as GroupRow | undefined;
}

function documentView(name: string, row: GroupRow | undefined): groups.FleetGroupDocument {
  return {
    group: name,
    format: CONFIG_FORMAT,
    sections: row ? (JSON.parse(row.document) as Sections) : {},
    revision: row?.revision ?? 0,
    saved_by: row?.saved_by ?? null,
    saved_at: row ? new Date(row.saved_at).toISOString() : null,
  };
}

/** The group's appliances added and not removed (an unknown group has none). */
function targetsOf(db: Db, group: string): PlanTarget[] {
  const rows = db
    .prepare(
      "SELECT id, name, state FROM fleet_appliances WHERE grp = ? AND state IN ('pending', 'enrolling', 'enrolled') ORDER BY name, id",
    )
    .all(group) as Array<{ id: string; name: string; state: string }>;
  return rows.map((r) => ({ id: r.id, name: r.name, enrolled: r.state === 'enrolled' }));
}

export function listGroups(db: Db): groups.FleetGroup[] {
  const rows = db
    .prepare(
      `SELECT name, COALESCE(a.appliances, 0) AS appliances, COALESCE(a.enrolled, 0) AS enrolled,
              g.revision, g.saved_by, g.saved_at
       FROM (SELECT grp AS name FROM fleet_appliances WHERE grp <> '' AND state <> 'removed'
             UNION SELECT name FROM fleet_groups) n
       LEFT JOIN (SELECT grp, COUNT(*) AS appliances, SUM(state = 'enrolled') AS enrolled
                  FROM fleet_appliances WHERE state <> 'removed' GROUP BY grp) a ON a.grp = n.name
       LEFT JOIN fleet_groups g USING (name)
       ORDER BY name`,
    )
    .all() as Array<{
    name: string;
    appliances: number;
    enrolled: number;
    revision: number | null;
    saved_by: string | null;
    saved_at: number | null;
  }>;
  return rows.map((r) => ({
    name: r.name,
    appliances: r.appliances,
    enrolled: r.enrolled,
    revision: r.revision ?? 0,
    saved_by: r.saved_by,
    saved_at: r.saved_at === null ? null : new Date(r.saved_at).toISOString(),
  }));
}

export function registerFleetGroups(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  natsUrl: () => string,
  options: { planTimeoutMs?: number } = {},
): void {
  const bodyLimit = groups.FLEET_GROUP_DOCUMENT_MAX_BYTES;
  contractRoute(scope, groups.listFleetGroups, { access: area('fleet') }, async () => ({
    data: listGroups(ctx.db),
  }));

  contractRoute(scope, groups.getFleetGroupDocument, { access: area('fleet') }, async (req) =>
    documentView(req.params.group, readGroup(ctx.db, req.params.group)),
  );

  contractRoute(
    scope,
    groups.putFleetGroupDocument,
    { access: area('fleet'), reauth: true },
    async (req) => {
      const items = checkGroupSections(req.body);
      if (items.length) throw new HttpError(422, items);
      const user = currentUser(req).username;
      const name = req.params.group;
      const row = inTransaction(ctx.db, () => {
        const revision = (readGroup(ctx.db, name)?.revision ?? 0) + 1;
        ctx.db
          .prepare(
            `INSERT INTO fleet_groups (name, document, revision, saved_by, saved_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (name) DO UPDATE SET document = excluded.document, revision = excluded.revision,
               saved_by = excluded.saved_by, saved_at = excluded.saved_at`,
          )
          .run(name, JSON.stringify(req.body.sections), revision, user, ctx.now());
        return readGroup(ctx.db, name)!;
      });
      const names = Object.keys(req.body.sections);
      ctx.audit.record(
        'fleet',
        `group "${auditText(name)}" document saved by "${auditText(user)}" (revision ${row.revision}: ${
          names.length ? names.map(auditText).join(', ') : 'no sections'
        })`,
      );
      return documentView(name, row);
    },
    { bodyLimit },
  );

  // A plan changes nothing: the read privilege is enough.
  contractRoute(
    scope,
    groups.planFleetGroup,
    { access: area('fleet', 'read') },
    async (req) => {
      const name = req.params.group;
      const draft = req.body?.document;
      if (draft) {
        const items = checkGroupSections(draft).map((i) => ({
          ...i,
          loc: ['body', 'document', ...i.loc.slice(1)],
        }));
        if (items.length) throw new HttpError(422, items);
      }
      const saved = readGroup(ctx.db, name);
      return planGroup(ctx, natsUrl(), {
        group: name,
        revision: draft ? null : (saved?.revision ?? 0),
        sections: (draft?.sections as Sections | undefined) ?? documentView(name, saved).sections,
        targets: targetsOf(ctx.db, name),
        timeoutMs: options.planTimeoutMs ?? groups.FLEET_PLAN_TIMEOUT_MS,
        log: (obj, msg) => scope.log.warn(obj, msg),
      });
    },
    { bodyLimit: bodyLimit + 1024 },
  );
}
