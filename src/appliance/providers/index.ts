/**
 * Identity providers (namespace `providers`, admin only, under `{api}authentication/providers`): the built-in local
 * accounts, LDAP / Active Directory directories and OpenID Connect providers. Secrets (bind password, client secret)
 * are written, sealed and never read back; an absent or empty secret on a change keeps the stored one. The test
 * bench (`…/providers/test`) runs a real check against the provider with the settings of the form, before saving.
 * A stored secret goes only where it was saved for: a change of the server, issuer, TLS trust or account name
 * without the secret typed again is refused, on save and on the bench alike (src/shared/secretBinding.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { LdapSettings, OidcSettings } from '../../shared/authentication';
import { migrate } from '../../storage/sqlite';
import { RETYPE_ERROR, retypeMessage } from '../../shared/secretBinding';
import { auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError, notFound, type ErrorItem } from '../http/errors';
import { guardAccountWrite } from '../users/adminRule';
import { checkLdap } from './ldap';
import { providersMigrations } from './migrations';
import { checkOidc } from './oidc';
import { consoleRedirectUri } from './redirect';
import { registerServices } from './services';
import { registerSignupPolicy } from './signup';
import { registerProvidersSections } from './section';
import { registerSealedColumn } from '../secrets';
import { providerSettingsErrors } from './settingsRules';
import {
  findProvider,
  forgetSecret,
  insertProvider,
  listProviders,
  providerKey,
  providerSecret,
  providerView,
  PROVIDER_SECRET_SEALED,
  removeProvider,
  secretBindingOf,
  secretRebindReason,
  storeSecret,
  updateProvider,
  type ProviderRow,
} from './store';
import {
  listProviders as listProvidersEndpoint,
  type ProviderBody,
  createProvider,
  getProvider,
  deleteProvider,
  putProvider,
  testProvider,
} from '../../shared/contracts/authentication';
import { contractRoute } from '../http/contractRoute';
import { pageOf } from '../http/listing';
import { area } from '../http/routeAccess';

export type { MappedUser, ServiceId } from '../../shared/authentication';
export { ldapAuthenticate, ProviderUnavailableError } from './ldap';
export { accountFor, consoleOidcLoginMethods, isLinked, registerOidcLogin, SignInRefused } from './signin';
export { oidcClient } from './oidc';
export { consoleRedirectUri } from './redirect';
export { serviceProviders, SERVICES } from './services';
export { readSignupPolicy } from './signup';
export { providerSettingsErrors } from './settingsRules';
export { findProvider, listProviders, providerKey, providerSecret, LOCAL_PROVIDER_ID } from './store';
export type { ProviderRow } from './store';

type LdapInput = LdapSettings & { bind_password?: string };
type OidcInput = OidcSettings & { client_secret?: string };

const item = (loc: Array<string | number>, msg: string, type: string): ErrorItem => ({
  loc: ['body', ...loc],
  msg,
  type,
});

/** The stored secret cannot go with these settings: it must be typed again (on its own field). */
const retype = (type: 'ldap' | 'oidc', reason: string) =>
  new HttpError(422, [
    type === 'ldap'
      ? item(['ldap', 'bind_password'], retypeMessage('bind password', reason), RETYPE_ERROR)
      : item(['oidc', 'client_secret'], retypeMessage('client secret', reason), RETYPE_ERROR),
  ]);

export async function registerProviders(scope: FastifyInstance, ctx: ApplianceContext): Promise<void> {
  const { db } = ctx;
  migrate(db, 'providers', providersMigrations);
  registerProvidersSections(ctx);
  registerSealedColumn(ctx, PROVIDER_SECRET_SEALED);
  const key = () => providerKey(db, ctx.config.dataDir);

  /** Checks the schema cannot express; returns the settings to store (without the secret) and the secret. */
  function settingsOf(body: Partial<ProviderBody> & { type: 'ldap' | 'oidc' }): {
    settings: LdapSettings | OidcSettings;
    secret: string | undefined;
  } {
    const other = body.type === 'ldap' ? 'oidc' : 'ldap';
    const errs: ErrorItem[] = [];
    if (!body[body.type]) errs.push(item([body.type], 'field required', 'value_error.missing'));
    if (body[other])
      errs.push(item([other], `not allowed for a provider of type ${body.type}`, 'value_error.extra'));
    if (errs.length) throw new HttpError(422, errs);
    if (body.type === 'ldap') {
      const { bind_password: pw, ...s } = body.ldap as LdapInput;
      const problems = providerSettingsErrors(ctx, 'ldap', s);
      if (problems.length) throw new HttpError(422, problems.slice(0, 1));
      return { settings: s, secret: pw };
    }
    const { client_secret: cs, ...s } = body.oidc as OidcInput;
    const problems = providerSettingsErrors(ctx, 'oidc', s);
    if (problems.length) throw new HttpError(422, problems.slice(0, 1));
    return { settings: s, secret: cs };
  }

  const nameTaken = (name: string, exceptId: number) =>
    !!db.prepare('SELECT 1 FROM auth_providers WHERE name = ? AND id <> ?').get(name, exceptId);

  const mustFind = (id: string | number): ProviderRow => {
    const p = findProvider(db, Number(id));
    if (!p) throw notFound('Provider does not exist');
    return p;
  };

  const view = (p: ProviderRow) => ({
    ...providerView(p),
    ...(p.type === 'oidc' ? { redirect_uri: consoleRedirectUri(ctx, p.id) } : {}),
  });

  const audit = (req: Parameters<typeof currentUser>[0], message: string) =>
    ctx.audit.record('auth', `${auditText(currentUser(req).username)} ${message}`);

  contractRoute(scope, listProvidersEndpoint, { access: area('authentication') }, async (req) =>
    pageOf(
      listProviders(db),
      req.query,
      {
        sort: {
          name: (p) => p.name,
          type: (p) => p.type,
          enabled: (p) => (p.enabled ? 0 : 1),
          updated_at: (p) => p.updated_at,
        },
        defaultSort: 'name',
        text: (p) => [p.name, p.type],
        filters: { type: (p, v) => p.type === v },
      },
      view,
    ),
  );

  contractRoute(scope, getProvider, { access: area('authentication') }, async (req) =>
    view(mustFind(req.params.id)),
  );

  contractRoute(scope, createProvider, { access: 'admin' }, async (req, reply) => {
    const body = req.body;
    const { settings, secret: s } = settingsOf(body);
    if (nameTaken(body.name, 0))
      throw new HttpError(422, [item(['name'], 'a provider with this name exists', 'value_error.duplicate')]);
    const now = ctx.now();
    const id = inTransaction(db, () => {
      const newId = insertProvider(db, body.type, { name: body.name, enabled: body.enabled, settings }, now);
      const binding = secretBindingOf(body.type, settings);
      if (s && binding) storeSecret(db, key(), newId, s, binding);
      return newId;
    });
    audit(req, `added the ${body.type} provider "${auditText(body.name)}"`);
    return reply.code(201).send(view(mustFind(id)));
  });

  contractRoute(scope, putProvider, { access: 'admin' }, async (req) => {
    const current = mustFind(req.params.id);
    const body = req.body;
    if (current.type === 'local')
      throw new HttpError(409, [
        item([], 'the local provider is built in and cannot be changed', 'status_error.builtin_provider'),
      ]);
    if (body.type !== current.type)
      throw new HttpError(422, [item(['type'], 'the type of a provider cannot change', 'value_error.const')]);
    const { settings, secret: s } = settingsOf(body);
    if (nameTaken(body.name, current.id))
      throw new HttpError(422, [item(['name'], 'a provider with this name exists', 'value_error.duplicate')]);
    const binding = secretBindingOf(body.type, settings);
    // Kept secrets stay with what they were saved for; one the new settings never send is dropped, not kept.
    const rebind = s ? null : secretRebindReason(db, current.id, current.type, settings);
    if (rebind && binding?.usesSecret) throw retype(body.type, rebind);
    // Disabling a provider shuts out the admins linked to it: the last-admin rule decides (users/adminRule.ts).
    guardAccountWrite(db, ctx.now(), ['body', 'enabled'], () => {
      updateProvider(db, current.id, { name: body.name, enabled: body.enabled, settings }, ctx.now());
      if (s && binding) storeSecret(db, key(), current.id, s, binding);
      else if (rebind) forgetSecret(db, current.id);
    });
    const secretNote = s ? ' and its secret' : rebind ? ' and dropped its secret' : '';
    audit(req, `changed the provider "${auditText(body.name)}"${secretNote}`);
    return view(mustFind(current.id));
  });

  contractRoute(scope, deleteProvider, { access: 'admin' }, async (req, reply) => {
    const current = mustFind(req.params.id);
    if (current.type === 'local')
      throw new HttpError(409, [
        item([], 'the local provider is built in and cannot be removed', 'status_error.builtin_provider'),
      ]);
    // Its links go with it: linked admins fall back to a local password, which the accounts it created never had.
    const noWayIn = new Set<number>();
    guardAccountWrite(
      db,
      ctx.now(),
      ['path', 'id'],
      () => {
        for (const userId of removeProvider(db, current.id)) noWayIn.add(userId);
      },
      { noWayIn },
    );
    audit(req, `removed the provider "${auditText(current.name)}"`);
    return reply.code(204).send();
  });

  contractRoute(scope, testProvider, { access: 'admin' }, async (req) => {
    const body = req.body;
    const { settings, secret: typed } = settingsOf(body);
    // Testing an edited provider without retyping its secret uses the stored one, but only where it was saved
    // for: with another server, issuer or account name it must be typed again.
    let s = typed || null;
    if (!s && body.id !== undefined) {
      const stored = mustFind(body.id);
      if (stored.type !== body.type)
        throw new HttpError(422, [
          item(['type'], 'the type of a provider cannot change', 'value_error.const'),
        ]);
      const rebind = secretRebindReason(db, stored.id, stored.type, settings);
      if (rebind && secretBindingOf(body.type, settings)?.usesSecret) throw retype(body.type, rebind);
      if (!rebind) s = providerSecret(db, key(), stored.id);
    }
    const result =
      body.type === 'ldap'
        ? await checkLdap(ctx, settings as LdapSettings, s, {
            username: body.test_username,
            password: body.test_password,
          })
        : await checkOidc(settings as OidcSettings, s, consoleRedirectUri(ctx, body.id ?? 0));
    audit(req, `tested a ${body.type} provider: ${result.ok ? 'passed' : 'failed'}`);
    return result;
  });

  registerServices(scope, ctx);
  registerSignupPolicy(scope, ctx);
}
