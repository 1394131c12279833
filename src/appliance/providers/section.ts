/**
 * The providers feature's configuration-document sections: the sign-in providers, the services' lists of them and
 * the self-service sign-up policy. Each writes through the same store functions as its page's routes (store.ts,
 * services.ts, signup.ts).
 */
import { repeatedEntries } from '../http/listedTwice';
import { Type } from '@sinclair/typebox';
import {
  providerBody,
  SERVICE_IDS,
  signupPolicy,
  type ProviderBody,
} from '../../shared/contracts/authentication';
import { stringEnum } from '../../shared/contracts/fields';
import type { LdapSettings, OidcSettings } from '../../shared/authentication';
import { RETYPE_ERROR, retypeMessage } from '../../shared/secretBinding';
import type { SignupPolicy } from '../../shared/signupPolicy';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { emitApplianceEvent } from '../events';
import { HttpError, type ErrorItem } from '../http/errors';
import { canonical } from '../revisions/diff';
import { secretMarkers } from '../revisions/secrets';
import { registerSection, type Entities, type Json } from '../revisions/sections';
import {
  checked,
  entityError,
  itemId,
  keyed,
  knownIds,
  plainObject,
  rules,
  sameSecret,
  unchanged,
} from '../revisions/sectionKit';
import { guardAccountWrite } from '../users/adminRule';
import { SERVICES, setServiceProviders } from './services';
import { providerSettingsErrors } from './settingsRules';
import { checkSignupPolicy, readSignupPolicy, writeSignupPolicy } from './signup';
import {
  forgetSecret,
  insertProvider,
  LOCAL_PROVIDER_ID,
  removeProvider,
  renameProvider,
  secretBindingOf,
  secretRebindReason,
  updateProvider,
} from './store';

/** A provider's fields whose change can lock an admin out (marked in a plan): turned off, or pointed elsewhere. */
export const PROVIDER_LOCKOUT_FIELDS = ['enabled', 'settings'];
/** A service's list of providers can lock an admin out: the console's, above all. */
export const SERVICE_LOCKOUT_FIELDS = ['providers'];

/** A sign-in service's entity in a document: its providers by name, in fallback order. */
const serviceEntity = Type.Object(
  {
    service: stringEnum(SERVICE_IDS),
    providers: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 32 }),
  },
  { additionalProperties: false },
);

interface StoredProvider {
  id: number;
  name: string;
  type: string;
  enabled: number;
  settings: string;
  secret: Buffer | null;
}

const storedProviders = (db: Db) =>
  db
    .prepare('SELECT id, name, type, enabled, settings, secret FROM auth_providers ORDER BY id')
    .all() as StoredProvider[];

export function registerProvidersSections(ctx: ApplianceContext): void {
  const marker = secretMarkers(ctx.db);

  const readProviders = (db: Db): Entities =>
    keyed(
      storedProviders(db),
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
    lockoutProne: () => PROVIDER_LOCKOUT_FIELDS,
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
      const rows = storedProviders(db);
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
        const problem = providerSettingsErrors(ctx, body.type, stored)[0];
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
          // Its links go with it: the accounts it created have no password anyone knows (as on its page).
          for (const r of rows) if (!keep.has(r.id)) for (const u of removeProvider(db, r.id)) noWayIn.add(u);
          // Names are unique: every kept provider is given a free name first, so two may swap theirs.
          for (const w of wanted) if (w.exists) renameProvider(db, w.n, `\u0000${w.n}`);
          for (const w of wanted) {
            const fields = { name: w.body.name, enabled: w.body.enabled, settings: w.settings };
            if (w.same) renameProvider(db, w.n, w.body.name);
            else if (w.exists) updateProvider(db, w.n, fields, now);
            else insertProvider(db, w.body.type, fields, now, w.n);
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
    lockoutProne: () => SERVICE_LOCKOUT_FIELDS,
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
        const repeated = repeatedEntries(entity.providers, (p) => p.toLowerCase());
        const ids = entity.providers.map((p, i) => {
          const found = byName.get(p.toLowerCase());
          if (!found)
            throw entityError(name, id, `no provider is called "${p}"`, 'value_error.not_found', [
              'providers',
              i,
            ]);
          if (repeated(i))
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
        for (const s of SERVICES) {
          const ids = lists.get(s.id) ?? [];
          const now = (
            db
              .prepare('SELECT provider_id FROM auth_service_providers WHERE service = ? ORDER BY position')
              .all(s.id) as Array<{ provider_id: number }>
          ).map((r) => r.provider_id);
          if (canonical(now) !== canonical(ids)) setServiceProviders(db, s.id, ids);
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
}
