/**
 * The configuration sections of every area, registered into the revisions' registry (revisions/sections.ts): part
 * of the assembly, beside index.ts, because it reads each feature's store (the kernel may not import features).
 */
import type { ApplianceContext } from './context';
import { RETYPE_ERROR, retypeMessage } from '../shared/secretBinding';
import { readFullPolicy, writeFullPolicy, type FullLockoutPolicy } from './auth/lockout';
import { LOCKOUT_SERVICE } from './auth/lockoutPolicy';
import {
  accountBody,
  groupBody,
  lockoutPolicy,
  providerBody,
  SERVICE_IDS,
  signupPolicy,
  type AccountBody,
  type GroupBody,
  type ProviderBody,
} from '../shared/contracts/authentication';
import { HttpError, type ErrorItem } from './http/errors';
import { canonical } from './revisions/diff';
import type { Db } from '../storage/sqlite';
import { listGroups, saveGroup } from './users/groupsStore';
import { checkSignupPolicy, readSignupPolicy, writeSignupPolicy } from './providers/signup';
import { providerSettingsErrors } from './providers';
import { SERVICES } from './providers/services';
import { forgetSecret, LOCAL_PROVIDER_ID, secretBindingOf, secretRebindReason } from './providers/store';
import { guardAccountWrite } from './users/adminRule';
import { accountFieldErrors } from './users';
import { writeAccountFields } from './users/store';
import { emitApplianceEvent } from './events';
import { acmeOrderSettingsBody, type AcmeOrderSettingsBody } from '../shared/contracts/pki';
import { Type } from '@sinclair/typebox';
import { stringEnum } from '../shared/contracts/fields';
import type { LdapSettings, OidcSettings } from '../shared/authentication';
import type { SignupPolicy } from '../shared/signupPolicy';
import { secretKey, secretMarker } from './revisions/secrets';
import {
  checked,
  entityError,
  itemId,
  keyed,
  kindOf,
  knownIds,
  plainObject,
  rules,
  sameSecret,
  unchanged,
} from './revisions/sectionKit';
import { registerSection, type Entities, type Entity, type Json } from './revisions/sections';

/** A sign-in service's entity in a document: its providers by name, in fallback order. */
const serviceEntity = Type.Object(
  {
    service: stringEnum(SERVICE_IDS),
    providers: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 32 }),
  },
  { additionalProperties: false },
);

/** What a document may not change on an account: its name, a pending password change, its second factors. */
const ACCOUNT_FIXED: Record<string, string> = {
  username: 'the user name',
  must_change_password: 'a pending password change',
  authenticator_app: 'the authenticator app',
  security_keys: 'the security keys',
};

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

const accountFixedFields = (before: Entity | null, after: Entity | null) =>
  Object.keys(ACCOUNT_FIXED).filter((f) => canonical(before?.[f] ?? null) !== canonical(after?.[f] ?? null));

/**
 * Why a PKI section has no writer: none of its fields is edited on an existing object by its routes (a name is given
 * at issue or import); what changes it (issue, import, renew, revoke, delete) makes or removes key material.
 */
const PKI_READ_ONLY = {
  authorities:
    'no field of an authority can be edited, and a document or a revert never makes key material: create, import or delete it on the Certificate authorities page',
  certificates:
    'no field of a certificate can be edited, and a document or a revert never makes key material: issue, import, renew, revoke or delete it on the Certificates page',
  crls: 'a revocation list is signed by its authority or imported: publish, import or delete it on the Certificate revocation lists page',
};

/** The fields of an ACME order a document may change: its renewal settings (PATCH pki/acme/orders/{id}). */
const ACME_ORDER_EDITABLE = ['auto_renew', 'renew_before_days'];
/** Both of them: a document states the whole order. */
const acmeOrderSettings = Type.Required(acmeOrderSettingsBody);

/** Why a document (or a revert) cannot make an ACME change; `undefined`: it can (an order's renewal settings). */
function acmeRefusal(
  id: string,
  op: 'added' | 'removed' | 'changed',
  before: Entity | null = null,
  after: Entity | null = null,
): string | undefined {
  if (kindOf(id) === 'acme_account')
    return op === 'added'
      ? 'an ACME account cannot be registered by a configuration document or a revert (it needs a new key): register it on the ACME orders page'
      : op === 'removed'
        ? 'an ACME account cannot be deleted by a configuration document or a revert: delete it on the ACME orders page'
        : 'an ACME account cannot be changed by a configuration document or a revert: it is registered with its directory';
  if (op === 'added')
    return 'an ACME order cannot be placed by a configuration document or a revert: order it on the ACME orders page';
  if (op === 'removed')
    return 'an ACME order cannot be deleted by a configuration document or a revert: delete it on the ACME orders page';
  const fixed = Object.keys({ ...before, ...after }).filter(
    (f) =>
      !ACME_ORDER_EDITABLE.includes(f) && canonical(before?.[f] ?? null) !== canonical(after?.[f] ?? null),
  );
  return fixed.length
    ? `only an order's renewal settings can be changed by a configuration document or a revert (not ${fixed
        .map((f) => f.replace(/_/g, ' '))
        .join(', ')}): order it again on the ACME orders page`
    : undefined;
}

/** The sections of the appliance's configuration areas. */
export function registerStandardSections(ctx: ApplianceContext): void {
  let key: Buffer | null = null;
  const marker = (v: string | Buffer | null | undefined) => secretMarker((key ??= secretKey(ctx.db)), v);

  registerSection(ctx, {
    name: 'authentication.lockout',
    area: 'authentication',
    label: 'Lockout policy',
    paths: ['/config/lockout'],
    read: (db) => ({ policy: plainObject(readFullPolicy(db)) }),
    title: () => 'Lockout policy',
    fields: {
      window_seconds: { label: 'window', unit: 's' },
      duration_seconds: { label: 'lock duration', unit: 's' },
      'account.window_seconds': { label: 'per-account window', unit: 's' },
      'account.attempts': { label: 'per-account attempts' },
      allow_list: { label: 'allow-listed networks' },
    },
    lockoutProne: () => ['*'],
    service: LOCKOUT_SERVICE,
    write: (db, entities) => {
      const name = 'authentication.lockout';
      knownIds(name, entities, [], ['policy']);
      if (!entities.policy)
        throw entityError(name, 'policy', 'the lockout policy is required', 'value_error.missing');
      writeFullPolicy(db, checked<FullLockoutPolicy>(lockoutPolicy, name, 'policy', entities.policy));
    },
  });

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
    lockoutProne: () => ['role', 'enabled', 'expires_at'],
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
          n,
          input: { name: group, description: body.description.trim(), members, privileges: body.privileges },
        };
      });
      const keep = new Set(wanted.map((w) => w.n));
      for (const g of listGroups(db))
        if (!keep.has(g.id)) {
          db.prepare('DELETE FROM user_group_members WHERE group_id = ?').run(g.id);
          db.prepare('DELETE FROM user_group_privileges WHERE group_id = ?').run(g.id);
          db.prepare('DELETE FROM user_groups WHERE id = ?').run(g.id);
        }
      // Names are unique: every kept group is given a free name first, so two may swap theirs.
      for (const w of wanted)
        db.prepare('UPDATE user_groups SET name = ? WHERE id = ?').run(`\u0000${w.n}`, w.n);
      for (const w of wanted) {
        db.prepare(
          'INSERT OR IGNORE INTO user_groups (id, name, description, created_at) VALUES (?, ?, ?, ?)',
        ).run(w.n, w.input.name, w.input.description, now);
        saveGroup(db, w.n, w.input, now);
      }
    },
  });

  const readProviders = (db: Db): Entities =>
    keyed(
      db
        .prepare('SELECT id, name, type, enabled, settings, secret FROM auth_providers ORDER BY id')
        .all() as Array<{
        id: number;
        name: string;
        type: string;
        enabled: number;
        settings: string;
        secret: Buffer | null;
      }>,
      (p) => `provider:${p.id}`,
      (p) => ({
        name: p.name,
        type: p.type,
        enabled: p.enabled === 1,
        settings: plainObject(JSON.parse(p.settings)),
        secret: marker(p.secret) as Json,
      }),
    );

  registerSection(ctx, {
    name: 'authentication.providers',
    area: 'authentication',
    label: 'Sign-in providers',
    paths: ['/authentication/providers'],
    read: (db) => readProviders(db),
    title: (_id, e) => `Provider ${String(e.name)}`,
    lockoutProne: () => ['enabled', 'settings'],
    // Its deletion reverted, a provider comes back disabled and without its secret (never in a revision).
    withoutSecret: (e) => ({
      entity: { ...e, enabled: false, secret: null },
      note: `comes back disabled, without its ${e.type === 'oidc' ? 'client secret' : 'bind password'}: enter it again on the Providers page`,
    }),
    // No managed service: sign-ins read the providers as they are. The bind password or client secret is named by
    // reference only, and goes only where it was saved for (src/shared/secretBinding.ts), as on the Providers page.
    write: (db, entities, now) => {
      const name = 'authentication.providers';
      knownIds(name, entities, ['provider'], []);
      const local = `provider:${LOCAL_PROVIDER_ID}`;
      const rows = db
        .prepare('SELECT id, name, type, enabled, settings, secret FROM auth_providers')
        .all() as Array<{
        id: number;
        name: string;
        type: string;
        enabled: number;
        settings: string;
        secret: Buffer | null;
      }>;
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (!entities[local])
        throw entityError(
          name,
          local,
          'the local provider is built in and cannot be removed',
          'value_error.config.builtin',
        );
      const names = new Set<string>();
      const wanted = Object.entries(entities).flatMap(([id, e]) => {
        const n = itemId(name, id, 'provider');
        if (n === LOCAL_PROVIDER_ID) {
          unchanged(name, id, e, readProviders(db)[local], 'the local provider (built in)');
          names.add(String(e.name).toLowerCase());
          return [];
        }
        const { secret, settings, ...fields } = e;
        const type = fields.type === 'ldap' || fields.type === 'oidc' ? fields.type : null;
        const given = settings && typeof settings === 'object' && !Array.isArray(settings) ? settings : {};
        for (const field of ['bind_password', 'client_secret'])
          if (field in given)
            throw entityError(
              name,
              id,
              'a secret cannot be set from a configuration document: enter it on the Providers page',
              'value_error.config.read_only',
              ['settings', field],
            );
        const row = byId.get(n);
        if (row && fields.type !== row.type)
          throw entityError(name, id, 'the type of a provider cannot change', 'value_error.const', ['type']);
        let body: ProviderBody;
        try {
          body = checked<ProviderBody>(
            providerBody,
            name,
            id,
            type ? { ...fields, [type]: settings } : fields,
          );
        } catch (err) {
          // The contract names the settings by the provider's type (`ldap`, `oidc`); the document calls them settings.
          if (err instanceof HttpError && Array.isArray(err.detail))
            for (const item of err.detail as ErrorItem[])
              item.loc = item.loc.map((l, i) => (i === 4 && (l === 'ldap' || l === 'oidc') ? 'settings' : l));
          throw err;
        }
        if (!body[body.type])
          throw entityError(name, id, 'field required', 'value_error.missing', ['settings']);
        const stored = body[body.type] as LdapSettings | OidcSettings;
        const problem = providerSettingsErrors(db, body.type, stored)[0];
        if (problem)
          throw entityError(name, id, problem.msg, problem.type, ['settings', ...problem.loc.slice(2)]);
        sameSecret(
          name,
          id,
          secret,
          marker(row?.secret),
          body.type === 'ldap' ? 'the bind password' : 'the client secret',
          'Providers',
        );
        // A stored secret goes only where it was saved for: moved elsewhere, it must be typed again on its page.
        const rebind = row ? secretRebindReason(db, n, body.type, stored) : null;
        if (rebind && secretBindingOf(body.type, stored)?.usesSecret)
          throw entityError(
            name,
            id,
            `${retypeMessage(body.type === 'ldap' ? 'bind password' : 'client secret', rebind)} (on the Providers page)`,
            RETYPE_ERROR,
            ['secret'],
          );
        const key = body.name.toLowerCase();
        if (names.has(key))
          throw entityError(name, id, 'a provider with this name exists', 'value_error.duplicate', ['name']);
        names.add(key);
        const same =
          !!row &&
          row.name === body.name &&
          row.enabled === (body.enabled ? 1 : 0) &&
          canonical(JSON.parse(row.settings)) === canonical(stored);
        return [{ n, body, settings: stored, exists: !!row, same, dropSecret: !!rebind }];
      });
      const keep = new Set([LOCAL_PROVIDER_ID, ...wanted.map((w) => w.n)]);
      // Disabling or removing a provider shuts out the admins linked to it: the last-admin rule decides (409).
      const noWayIn = new Set<number>();
      guardAccountWrite(
        db,
        now,
        ['body', 'sections', name],
        () => {
          for (const r of rows)
            if (!keep.has(r.id)) {
              // Its links go with it: the accounts it created have no password anyone knows (as on its page).
              for (const u of db
                .prepare('SELECT user_id FROM provider_accounts WHERE provider_id = ? AND managed = 1')
                .all(r.id) as Array<{ user_id: number }>)
                noWayIn.add(u.user_id);
              db.prepare('DELETE FROM auth_providers WHERE id = ?').run(r.id);
            }
          // Names are unique: every kept provider is given a free name first, so two may swap theirs.
          const rename = db.prepare('UPDATE auth_providers SET name = ? WHERE id = ?');
          for (const w of wanted) if (w.exists) rename.run(`\u0000${w.n}`, w.n);
          for (const w of wanted) {
            const values = [w.body.name, w.body.enabled ? 1 : 0, JSON.stringify(w.settings)];
            if (w.same) rename.run(w.body.name, w.n);
            else if (w.exists)
              db.prepare(
                'UPDATE auth_providers SET name = ?, enabled = ?, settings = ?, updated_at = ? WHERE id = ?',
              ).run(...values, now, w.n);
            else
              db.prepare(
                'INSERT INTO auth_providers (id, name, type, enabled, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
              ).run(w.n, w.body.name, w.body.type, values[1], values[2], now, now);
            if (w.dropSecret) forgetSecret(db, w.n);
          }
        },
        { noWayIn },
      );
    },
  });

  registerSection(ctx, {
    name: 'authentication.services',
    area: 'authentication',
    label: 'Sign-in services',
    paths: ['/authentication/services', '/authentication/providers'],
    read: (db) => {
      const rows = db
        .prepare(
          `SELECT s.service, p.name FROM auth_service_providers s JOIN auth_providers p ON p.id = s.provider_id
           ORDER BY s.service, s.position`,
        )
        .all() as Array<{ service: string; name: string }>;
      const out: Entities = {};
      for (const r of rows) {
        const e = (out[`service:${r.service}`] ??= { service: r.service, providers: [] });
        (e.providers as string[]).push(r.name);
      }
      return out;
    },
    title: (_id, e) => `Service ${String(e.service)}`,
    lockoutProne: () => ['providers'],
    // Providers are named by name: one removed or renamed changes the lists.
    follows: ['authentication.providers'],
    // No managed service: sign-ins walk the lists as they are. Providers are named by name (they are written first).
    write: (db, entities) => {
      const name = 'authentication.services';
      knownIds(name, entities, ['service'], []);
      const providers = db.prepare('SELECT id, name, type FROM auth_providers').all() as Array<{
        id: number;
        name: string;
        type: string;
      }>;
      const byName = new Map(providers.map((p) => [p.name.toLowerCase(), p]));
      const lists = new Map<string, number[]>();
      for (const [id, e] of Object.entries(entities)) {
        const entity = checked<{ service: string; providers: string[] }>(serviceEntity, name, id, e);
        if (id !== `service:${entity.service}`)
          throw entityError(name, id, `this entity is service:${entity.service}`, 'value_error.config.id', [
            'service',
          ]);
        const ids = entity.providers.map((p, i) => {
          const found = byName.get(p.toLowerCase());
          if (!found)
            throw entityError(name, id, `no provider is called "${p}"`, 'value_error.not_found', [
              'providers',
              i,
            ]);
          if (entity.providers.findIndex((q) => q.toLowerCase() === p.toLowerCase()) !== i)
            throw entityError(name, id, 'listed twice', 'value_error.duplicate', ['providers', i]);
          if (found.type === 'oidc' && entity.service !== 'console')
            throw entityError(
              name,
              id,
              'OpenID Connect providers sign people in through a browser: the console only',
              'value_error.provider_type',
              ['providers', i],
            );
          return found.id;
        });
        lists.set(entity.service, ids);
      }
      const stored = (
        db.prepare('SELECT DISTINCT service FROM auth_service_providers').all() as Array<{ service: string }>
      ).map((r) => r.service);
      for (const s of SERVICES) {
        const id = `service:${s.id}`;
        const ids = lists.get(s.id) ?? [];
        // Left out, a service has no provider: only as it already is (a provider removed from under it).
        if (!ids.length && (stored.includes(s.id) || entities[id]))
          throw entityError(name, id, 'every service keeps at least one provider', 'value_error.missing', [
            'providers',
          ]);
        if (s.id === 'console' && ids.length && !ids.includes(LOCAL_PROVIDER_ID))
          throw entityError(
            name,
            id,
            'the console keeps the local accounts, so an admin can sign in while a directory is down',
            'value_error.local_required',
            ['providers'],
          );
      }
      // Taking a provider off the console's list shuts out the admins linked to it (409, users/adminRule.ts).
      guardAccountWrite(db, ctx.now(), ['body', 'sections', name], () => {
        const insert = db.prepare(
          'INSERT INTO auth_service_providers (service, provider_id, position) VALUES (?, ?, ?)',
        );
        for (const s of SERVICES) {
          const ids = lists.get(s.id) ?? [];
          const now = (
            db
              .prepare('SELECT provider_id FROM auth_service_providers WHERE service = ? ORDER BY position')
              .all(s.id) as Array<{ provider_id: number }>
          ).map((r) => r.provider_id);
          if (canonical(now) === canonical(ids)) continue;
          db.prepare('DELETE FROM auth_service_providers WHERE service = ?').run(s.id);
          ids.forEach((p, i) => insert.run(s.id, p, i));
        }
      });
    },
    // The SSH helper is rewritten when the SSH service's list changes (as after the Services page's save).
    written: () => {
      for (const s of SERVICES)
        emitApplianceEvent(
          ctx,
          'serviceProvidersChanged',
          { service: s.id },
          {
            error: (err, msg) =>
              ctx.audit.log('auth', `${msg}: ${String((err as { err?: unknown }).err)}`, 'error'),
          },
        );
    },
  });

  registerSection(ctx, {
    name: 'authentication.signup',
    area: 'authentication',
    label: 'Self-service sign-up',
    paths: ['/authentication/signup'],
    files: true,
    read: () => ({ signup: plainObject(readSignupPolicy(ctx.config.dataDir)) }),
    title: () => 'Self-service sign-up',
    fields: { allowed_domains: { label: 'allowed domains' } },
    // A file the identity service reads at each sign-up (no managed service); written last of a document's sections.
    write: (_db, entities) => {
      const name = 'authentication.signup';
      knownIds(name, entities, [], ['signup']);
      if (!entities.signup)
        throw entityError(name, 'signup', 'the sign-up policy is required', 'value_error.missing');
      const { policy, errors } = checkSignupPolicy(
        checked<SignupPolicy>(signupPolicy, name, 'signup', entities.signup),
      );
      rules(name, 'signup', errors);
      writeSignupPolicy(ctx.config.dataDir, policy);
    },
  });

  registerSection(ctx, {
    name: 'pki.authorities',
    area: 'pki',
    label: 'Certificate authorities',
    paths: ['/pki/cas'],
    read: (db) =>
      keyed(
        db
          .prepare(
            `SELECT c.id, c.name, c.parent_id, c.subject, c.serial, c.fingerprint_sha256, c.not_before, c.not_after,
               c.source, c.crl_validity_hours, k.algorithm
             FROM pki_cas c LEFT JOIN pki_keys k ON k.id = c.key_id ORDER BY c.created_at, c.id`,
          )
          .all() as Entity[],
        (c) => `ca:${String(c.id)}`,
        (c) => {
          const { id: _id, fingerprint_sha256, ...rest } = c;
          return { ...rest, fingerprint: String(fingerprint_sha256).slice(0, 16) };
        },
      ),
    title: (_id, e) => `Authority ${String(e.name)}`,
    readOnly: PKI_READ_ONLY.authorities,
    fields: { algorithm: { label: 'key' } },
  });

  registerSection(ctx, {
    name: 'pki.certificates',
    area: 'pki',
    label: 'Certificates',
    paths: ['/pki/certificates'],
    read: (db) =>
      keyed(
        db
          .prepare(
            `SELECT c.id, c.name, c.ca_id, c.profile, c.source, c.subject, c.serial, c.fingerprint_sha256, c.sans,
               c.not_before, c.not_after, c.revoked_at, c.revocation_reason, c.renewed_from, k.algorithm
             FROM pki_certificates c LEFT JOIN pki_keys k ON k.id = c.key_id ORDER BY c.created_at, c.id`,
          )
          .all() as Entity[],
        (c) => `certificate:${String(c.id)}`,
        (c) => {
          const { id: _id, fingerprint_sha256, sans, ...rest } = c;
          return {
            ...rest,
            sans: JSON.parse(String(sans)) as Json,
            fingerprint: String(fingerprint_sha256).slice(0, 16),
          };
        },
      ),
    title: (_id, e) => `Certificate ${String(e.name)}`,
    readOnly: PKI_READ_ONLY.certificates,
    fields: { revoked_at: { label: 'revoked' }, sans: { label: 'names' }, algorithm: { label: 'key' } },
  });

  registerSection(ctx, {
    name: 'pki.crls',
    area: 'pki',
    label: 'Revocation lists',
    paths: ['/pki/crls', '/pki/cas'],
    read: (db) =>
      keyed(
        db
          .prepare(
            'SELECT id, ca_id, source, name, issuer, number, this_update, next_update, entries FROM pki_crls ORDER BY created_at, id',
          )
          .all() as Entity[],
        (c) => `crl:${String(c.id)}`,
        (c) => {
          const { id: _id, ...rest } = c;
          return rest;
        },
      ),
    title: (_id, e) => `Revocation list ${String(e.name)}${e.number !== null ? ` #${String(e.number)}` : ''}`,
    readOnly: PKI_READ_ONLY.crls,
  });

  const readAcme = (db: Db): Entities => ({
    ...keyed(
      db
        .prepare(
          'SELECT id, name, directory_url, email, trust_pem FROM pki_acme_accounts ORDER BY created_at, id',
        )
        .all() as Entity[],
      (a) => `acme_account:${String(a.id)}`,
      (a) => ({
        name: a.name,
        directory_url: a.directory_url,
        email: a.email,
        has_trust: a.trust_pem !== '',
      }),
    ),
    ...keyed(
      db
        .prepare(
          'SELECT id, account_id, names, key_type, auto_renew, renew_before_days FROM pki_acme_orders ORDER BY created_at, id',
        )
        .all() as Entity[],
      (o) => `acme_order:${String(o.id)}`,
      (o) => ({
        account_id: o.account_id,
        names: JSON.parse(String(o.names)) as Json,
        key_type: o.key_type,
        auto_renew: o.auto_renew === 1,
        renew_before_days: o.renew_before_days,
      }),
    ),
  });

  registerSection(ctx, {
    name: 'pki.acme',
    area: 'pki',
    label: 'ACME',
    paths: ['/pki/acme'],
    read: (db) => readAcme(db),
    refuses: (c) => acmeRefusal(c.id, c.op, c.before, c.after),
    // Only an order's renewal settings, as its PATCH route; the renewal check reads them at each run.
    write: (db, entities, now) => {
      const name = 'pki.acme';
      knownIds(name, entities, ['acme_account', 'acme_order'], []);
      const current = readAcme(db);
      for (const id of Object.keys(current))
        if (!entities[id])
          throw entityError(name, id, acmeRefusal(id, 'removed') ?? '', 'value_error.config.read_only');
      for (const [id, e] of Object.entries(entities)) {
        const stored = current[id] as Entity | undefined;
        if (stored && canonical(stored) === canonical(e)) continue;
        const refusal = acmeRefusal(id, stored ? 'changed' : 'added', stored ?? null, e);
        if (refusal || !stored) throw entityError(name, id, refusal ?? '', 'value_error.config.read_only');
        const { auto_renew, renew_before_days } = e;
        const body = checked<Required<AcmeOrderSettingsBody>>(acmeOrderSettings, name, id, {
          auto_renew,
          renew_before_days,
        });
        if (body.auto_renew === stored.auto_renew && body.renew_before_days === stored.renew_before_days)
          continue;
        db.prepare(
          'UPDATE pki_acme_orders SET auto_renew = ?, renew_before_days = ?, updated_at = ? WHERE id = ?',
        ).run(body.auto_renew ? 1 : 0, body.renew_before_days, now, id.slice('acme_order:'.length));
      }
    },
    title: (id, e) =>
      kindOf(id) === 'acme_account'
        ? `ACME account ${String(e.name)}`
        : `ACME order ${(e.names as string[] | null)?.join(', ') ?? ''}`,
  });
}
