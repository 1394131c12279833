/**
 * Groups for admins (`{api}groups`): list, detail, create, edit, delete, bulk delete. Reading needs the
 * authentication area's read privilege, changing needs the admin role (declared on each route): privileges cannot grant privileges.
 *
 * Conflict rule (§8 `status_error.conflicting_groups`, one item listing every group, nothing changed): a group cannot
 * be deleted while it is the only access of an enabled `user` account, i.e. deleting the selected groups would leave
 * one of their members holding no privilege at all; that account would sign in to a console where every page says
 * no. Remove the member or give them another group first. Editing a group (members, privileges) is not refused.
 */
import type { FastifyInstance } from 'fastify';
import { AuditService, auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError, type ErrorItem } from '../http/errors';
import type { Group } from '../../shared/authentication';
import { privilegesOfUser } from '../auth/privileges';
import { findGroup, listGroups, removeGroup, saveGroup, type GroupInput } from './groupsStore';
import {
  GROUP_NAME_MAX,
  listGroups as listGroupsEndpoint,
  type NewGroupBody,
  createGroup,
  getGroup,
  putGroup,
  deleteGroup,
  groupsBulk,
} from '../../shared/contracts/authentication';
import { contractRoute } from '../http/contractRoute';
import { pageOf } from '../http/listing';
import { area } from '../http/routeAccess';

export { GROUP_NAME_MAX };

type GroupBody = NewGroupBody;

interface Conflict {
  id: number;
  name: string;
  reason: string;
}

const conflictError = (loc: Array<string | number>, list: Conflict[]): HttpError =>
  new HttpError(409, [
    {
      loc,
      msg: list.map((c) => `"${c.name}" cannot be deleted: ${c.reason}`).join('; '),
      type: 'status_error.conflicting_groups',
      ctx: { conflicting_groups: list },
    },
  ]);

export function registerGroupRoutes(scope: FastifyInstance, ctx: ApplianceContext): void {
  const { db, audit } = ctx;

  const mustFind = (id: string | number): Group => {
    const group = findGroup(db, Number(id));
    if (!group) throw new HttpError(404, 'Group does not exist');
    return group;
  };

  /** Checks a body against the stored data: a free name, known members. Returns the normalised input. */
  function checked(body: GroupBody, selfId: number | null): GroupInput {
    const name = body.name.trim();
    const errors: ErrorItem[] = [];
    if (!name)
      errors.push({
        loc: ['body', 'name'],
        msg: 'enter a name',
        type: 'value_error.any_str.min_length',
        ctx: { limit_value: 1 },
      });
    else {
      const taken = db.prepare('SELECT id FROM user_groups WHERE name = ?').get(name) as
        { id: number } | undefined;
      if (taken && taken.id !== selfId)
        errors.push({
          loc: ['body', 'name'],
          msg: 'this group name is taken',
          type: 'value_error.duplicate',
        });
    }
    const members = body.members ?? [];
    members.forEach((id, i) => {
      if (!db.prepare('SELECT 1 FROM users WHERE id = ?').get(id))
        errors.push({
          loc: ['body', 'members', i],
          msg: 'user does not exist',
          type: 'value_error.not_found',
        });
    });
    if (errors.length) throw new HttpError(422, errors);
    return { name, description: (body.description ?? '').trim(), members, privileges: body.privileges ?? {} };
  }

  /** Groups among `ids` whose deletion would leave an enabled `user` account with no privilege (see above). */
  function conflicts(ids: number[]): Conflict[] {
    const removed = new Set(ids);
    const stranded = new Map<number, string[]>();
    for (const id of ids) {
      const members = db
        .prepare(
          `SELECT u.id, u.username FROM user_group_members m JOIN users u ON u.id = m.user_id
           WHERE m.group_id = ? AND u.role = 'user' AND u.enabled = 1`,
        )
        .all(id) as Array<{ id: number; username: string }>;
      for (const m of members) {
        const before = Object.keys(privilegesOfUser(db, m.id)).length;
        const after = Object.keys(privilegesOfUser(db, m.id, removed)).length;
        if (before > 0 && after === 0) stranded.set(id, [...(stranded.get(id) ?? []), m.username]);
      }
    }
    return [...stranded].map(([id, names]) => ({
      id,
      name: findGroup(db, id)?.name ?? String(id),
      reason: `it is the only access of ${names.map((n) => `"${n}"`).join(', ')}`,
    }));
  }

  contractRoute(scope, listGroupsEndpoint, { access: area('authentication') }, async (req) =>
    pageOf(listGroups(db), req.query, {
      sort: {
        name: (g) => g.name,
        description: (g) => g.description,
        members: (g) => g.members.length,
        created_at: (g) => g.created_at,
      },
      defaultSort: 'name',
      text: (g) => [g.name, g.description],
    }),
  );

  contractRoute(scope, getGroup, { access: area('authentication') }, async (req) => mustFind(req.params.id));

  contractRoute(scope, createGroup, { access: 'admin', reauth: true }, async (req, reply) => {
    const input = checked(req.body, null);
    const id = inTransaction(db, () => saveGroup(db, null, input, ctx.now()));
    audit.record(
      AuditService.auth,
      `group "${auditText(input.name)}" created by "${auditText(currentUser(req).username)}"`,
    );
    return reply.code(201).send(mustFind(id));
  });

  contractRoute(scope, putGroup, { access: 'admin', reauth: true }, async (req) => {
    const group = mustFind(req.params.id);
    const input = checked(req.body, group.id);
    inTransaction(db, () => saveGroup(db, group.id, input, ctx.now()));
    audit.record(
      AuditService.auth,
      `group "${auditText(input.name)}" changed by "${auditText(currentUser(req).username)}"`,
    );
    return mustFind(group.id);
  });

  contractRoute(scope, deleteGroup, { access: 'admin', reauth: true }, async (req, reply) => {
    const group = mustFind(req.params.id);
    const clash = conflicts([group.id]);
    if (clash.length) throw conflictError(['path', 'id'], clash);
    inTransaction(db, () => removeGroup(db, group.id));
    audit.record(
      AuditService.auth,
      `group "${auditText(group.name)}" deleted by "${auditText(currentUser(req).username)}"`,
    );
    return reply.code(204).send();
  });

  contractRoute(scope, groupsBulk, { access: 'admin', reauth: true }, async (req) => {
    const { ids } = req.body;
    const unknown: ErrorItem[] = ids.flatMap((id, i) =>
      findGroup(db, id)
        ? []
        : [{ loc: ['body', 'ids', i], msg: 'group does not exist', type: 'value_error.not_found' }],
    );
    if (unknown.length) throw new HttpError(422, unknown);
    const clash = conflicts(ids);
    if (clash.length) throw conflictError(['body', 'ids'], clash);
    const names = ids.map((id) => findGroup(db, id)?.name ?? String(id));
    inTransaction(db, () => {
      for (const id of ids) removeGroup(db, id);
    });
    audit.record(
      AuditService.auth,
      `groups ${names.map((n) => `"${auditText(n)}"`).join(', ')} deleted by "${auditText(currentUser(req).username)}"`,
    );
    return { deleted: ids.length };
  });
}
