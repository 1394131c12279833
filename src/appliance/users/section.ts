/**
 * The users feature's configuration-document sections: the accounts (what the Users page edits on an existing one)
 * and the groups. Both write through the same store functions as the pages' routes (store.ts, groupsStore.ts).
 */
import {
  accountBody,
  groupBody,
  type AccountBody,
  type GroupBody,
} from '../../shared/contracts/authentication';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { canonical } from '../revisions/diff';
import { secretMarkers } from '../revisions/secrets';
import { registerSection, type Entities, type Entity, type Json } from '../revisions/sections';
import { checked, entityError, itemId, keyed, knownIds, plainObject, rules } from '../revisions/sectionKit';
import { guardAccountWrite } from './adminRule';
import { accountFieldErrors } from './fields';
import { listGroups, putGroups } from './groupsStore';
import { writeAccountFields } from './store';

/** The account fields whose change can lock an admin out (marked in a plan). */
export const ACCOUNT_LOCKOUT_FIELDS = ['role', 'enabled', 'expires_at'];

/** What a document may not change on an account: its name, a pending password change, its second factors. */
const ACCOUNT_FIXED: Record<string, string> = {
  username: 'the user name',
  must_change_password: 'a pending password change',
  authenticator_app: 'the authenticator app',
  security_keys: 'the security keys',
};

const accountFixedFields = (before: Entity | null, after: Entity | null) =>
  Object.keys(ACCOUNT_FIXED).filter((f) => canonical(before?.[f] ?? null) !== canonical(after?.[f] ?? null));

/**
 * Why a document (or a revert, a restore) cannot make an account change: creating an account needs a password,
 * deleting one is done on its page, passwords and second factors are never written. `undefined`: it can.
 */
function accountRefusal(
  op: 'added' | 'removed' | 'changed',
  before: Entity | null = null,
  after: Entity | null = null,
): string | undefined {
  if (op === 'added')
    return 'an account cannot be created by a configuration document or a revert (it needs a password): add it on the Users page';
  if (op === 'removed')
    return 'an account cannot be deleted by a configuration document or a revert: delete it on the Users page';
  const fixed = accountFixedFields(before, after);
  if (!fixed.length) return undefined;
  const what = fixed.map((f) => ACCOUNT_FIXED[f]).join(', ');
  return `${what} cannot be changed by a configuration document or a revert: change it on the Users page`;
}

export function registerUsersSections(ctx: ApplianceContext): void {
  const marker = secretMarkers(ctx.db);

  const readAccounts = (db: Db): Entities => {
    const keys = db.prepare('SELECT user_id, name FROM user_security_keys ORDER BY id').all() as Array<{
      user_id: number;
      name: string;
    }>;
    const byUser = new Map<number, string[]>();
    for (const k of keys) byUser.set(k.user_id, [...(byUser.get(k.user_id) ?? []), k.name]);
    const rows = db
      .prepare(
        `SELECT id, username, role, email, full_name, enabled, expires_at, must_change_password, totp_secret
         FROM users ORDER BY id`,
      )
      .all() as Array<{
      id: number;
      username: string;
      role: string;
      email: string;
      full_name: string;
      enabled: number;
      expires_at: string | null;
      must_change_password: number;
      totp_secret: string | null;
    }>;
    return keyed(
      rows,
      (r) => `account:${r.id}`,
      (r) => ({
        username: r.username,
        role: r.role,
        email: r.email,
        full_name: r.full_name,
        enabled: r.enabled === 1,
        expires_at: r.expires_at,
        must_change_password: r.must_change_password === 1,
        authenticator_app: marker(r.totp_secret) as Json,
        security_keys: byUser.get(r.id) ?? [],
      }),
    );
  };

  registerSection(ctx, {
    name: 'authentication.accounts',
    area: 'authentication',
    label: 'Accounts',
    paths: ['/users'],
    read: (db) => readAccounts(db),
    title: (_id, e) => `Account ${String(e.username)}`,
    fields: { full_name: { label: 'full name' }, expires_at: { label: 'last day' } },
    lockoutProne: () => ACCOUNT_LOCKOUT_FIELDS,
    // Only what the Users page edits on an existing account; passwords and second factors never.
    refuses: (c) => accountRefusal(c.op, c.before, c.after),
    write: (db, entities, now, _returning, actor) => {
      const name = 'authentication.accounts';
      knownIds(name, entities, ['account'], []);
      const current = readAccounts(db);
      for (const id of Object.keys(current))
        if (!entities[id])
          throw entityError(name, id, accountRefusal('removed') ?? '', 'value_error.config.read_only');
      const wanted = Object.entries(entities).map(([id, e]) => {
        const n = itemId(name, id, 'account');
        const stored = current[id] as Entity | undefined;
        const refusal = accountRefusal(stored ? 'changed' : 'added', stored ?? null, e);
        if (refusal)
          throw entityError(
            name,
            id,
            refusal,
            'value_error.config.read_only',
            stored ? accountFixedFields(stored, e).slice(0, 1) : [],
          );
        const { email, full_name, role, enabled, expires_at } = e;
        const body = checked<AccountBody>(accountBody, name, id, {
          email,
          full_name,
          role,
          enabled,
          expires_at,
        });
        rules(name, id, accountFieldErrors(body));
        return { n, body, was: stored as Entity };
      });
      // As on the Users page, nobody disables their own account (they would be signed out of the change they make).
      const refusals = wanted
        .filter(
          ({ body, was }) => actor !== undefined && was.username === actor && was.enabled && !body.enabled,
        )
        .map(({ n }) => ({ id: n, username: actor as string, reason: 'it is your own account' }));
      // The last-admin rule decides on what the whole section leaves (409, as on the Users page).
      guardAccountWrite(
        db,
        now,
        ['body', 'sections', name],
        () => {
          for (const { n, body, was } of wanted) {
            if (canonical({ ...was, ...body } as Json) === canonical(was)) continue;
            // As on the Users page: a disabled account, or one whose role changed, signs in again.
            writeAccountFields(db, n, body, String(was.role));
          }
        },
        { refusals },
      );
    },
  });

  registerSection(ctx, {
    name: 'authentication.groups',
    area: 'authentication',
    label: 'Groups',
    // An account's groups are chosen on the account too.
    paths: ['/groups', '/users'],
    read: (db) =>
      keyed(
        listGroups(db),
        (g) => `group:${g.id}`,
        (g) => ({
          name: g.name,
          description: g.description,
          members: g.members.map((m) => m.username),
          privileges: plainObject(g.privileges),
        }),
      ),
    title: (_id, e) => `Group ${String(e.name)}`,
    // No managed service: privileges are read at each request. Members are named by user name (or account id).
    write: (db, entities, now) => {
      const name = 'authentication.groups';
      knownIds(name, entities, ['group'], []);
      const users = db.prepare('SELECT id, username FROM users').all() as Array<{
        id: number;
        username: string;
      }>;
      const idOf = new Map(users.map((u) => [u.username, u.id]));
      const known = new Set(users.map((u) => u.id));
      const names = new Set<string>();
      const wanted = Object.entries(entities).map(([id, e]) => {
        const n = itemId(name, id, 'group');
        const given = Array.isArray(e.members) ? e.members : [];
        const members = given.map((m, i) => {
          const userId = typeof m === 'string' ? idOf.get(m) : typeof m === 'number' ? m : undefined;
          if (userId === undefined || !known.has(userId))
            throw entityError(
              name,
              id,
              typeof m === 'string' ? `no account is called "${m}"` : 'user does not exist',
              'value_error.not_found',
              ['members', i],
            );
          return userId;
        });
        const body = checked<GroupBody>(groupBody, name, id, {
          ...e,
          members: Array.isArray(e.members) ? members : e.members,
        });
        const group = body.name.trim();
        if (!group) throw entityError(name, id, 'enter a name', 'value_error.any_str.min_length', ['name']);
        if (names.has(group))
          throw entityError(name, id, 'this group name is taken', 'value_error.duplicate', ['name']);
        names.add(group);
        return {
          id: n,
          input: { name: group, description: body.description.trim(), members, privileges: body.privileges },
        };
      });
      putGroups(db, wanted, now);
    },
  });
}
