/**
 * Services (`{api}authentication/services`, admin only): which appliance services — the console, SSH and the API —
 * authenticate against which providers, in fallback order (the first that knows the account decides). Rules:
 * - every service keeps at least one provider;
 * - the console always keeps the local accounts, so an admin can sign in while a directory is down;
 * - OpenID Connect providers sign people in through a browser: only the console may use them;
 * - a removed provider leaves every service's list (the database cascades).
 */
import { listedTwice, repeatedEntries } from '../http/listedTwice';
import type { FastifyInstance } from 'fastify';
import type { AuthService, ServiceId } from '../../shared/authentication';
import type { Db } from '../../storage/sqlite';
import { auditText } from '../audit';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { HttpError, notFound, type ErrorItem } from '../http/errors';
import { guardAccountWrite } from '../users/adminRule';
import { emitApplianceEvent } from '../events';
import { findProvider, LOCAL_PROVIDER_ID, type ProviderRow } from './store';
import { getService, listServices, putService } from '../../shared/contracts/authentication';
import { contractRoute } from '../http/contractRoute';
import { pageOf } from '../http/listing';
import { area } from '../http/routeAccess';

export const SERVICES = [
  // One short line each: what the list governs (the Services pages show it).
  { id: 'console', name: 'Console', description: 'Console sign-in and buttons' },
  { id: 'ssh', name: 'SSH', description: 'SSH logins (PAM helper)' },
  { id: 'api', name: 'API', description: 'API tokens for programs' },
] as const satisfies ReadonlyArray<Omit<AuthService, 'providers'>>;

/** The providers of a service in fallback order (enabled or not; callers skip disabled ones). */
export function serviceProviders(db: Db, service: ServiceId): ProviderRow[] {
  const ids = db
    .prepare('SELECT provider_id FROM auth_service_providers WHERE service = ? ORDER BY position')
    .all(service) as Array<{ provider_id: number }>;
  return ids.map((r) => findProvider(db, r.provider_id)).filter((p): p is ProviderRow => !!p);
}

/** Makes `providerIds` the service's providers, in fallback order; inside the caller's transaction. */
export function setServiceProviders(db: Db, service: ServiceId, providerIds: readonly number[]): void {
  db.prepare('DELETE FROM auth_service_providers WHERE service = ?').run(service);
  const insert = db.prepare(
    'INSERT INTO auth_service_providers (service, provider_id, position) VALUES (?, ?, ?)',
  );
  providerIds.forEach((id, i) => insert.run(service, id, i));
}

const serviceView = (db: Db, s: (typeof SERVICES)[number]): AuthService => ({
  ...s,
  providers: serviceProviders(db, s.id).map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    enabled: p.enabled,
  })),
});

export function registerServices(scope: FastifyInstance, ctx: ApplianceContext): void {
  const { db } = ctx;
  const find = (id: string) => {
    const s = SERVICES.find((x) => x.id === id);
    if (!s) throw notFound('Service does not exist');
    return s;
  };

  contractRoute(scope, listServices, { access: area('authentication') }, async (req) =>
    pageOf(
      SERVICES.map((s) => serviceView(db, s)),
      req.query,
      {
        sort: { name: (s) => s.name, providers: (s) => s.providers.length },
        // Without a sort: the order the console lists its entry points in (console, SSH, API).
        text: (s) => [s.name, s.description, ...s.providers.map((p) => p.name)],
      },
    ),
  );

  contractRoute(scope, getService, { access: area('authentication') }, async (req) =>
    serviceView(db, find(req.params.id)),
  );

  contractRoute(scope, putService, { access: 'admin' }, async (req) => {
    const service = find(req.params.id);
    const ids = req.body.provider_ids;
    const errs: ErrorItem[] = [];
    const repeated = repeatedEntries(ids);
    const providers = ids.map((id, i) => {
      const p = findProvider(db, id);
      if (repeated(i)) errs.push(listedTwice(['body', 'provider_ids', i]));
      else if (!p)
        errs.push({
          loc: ['body', 'provider_ids', i],
          msg: 'no such provider',
          type: 'value_error.not_found',
        });
      else if (p.type === 'oidc' && service.id !== 'console')
        errs.push({
          loc: ['body', 'provider_ids', i],
          msg: 'OpenID Connect providers sign people in through a browser: the console only',
          type: 'value_error.provider_type',
        });
      return p;
    });
    if (service.id === 'console' && !ids.includes(LOCAL_PROVIDER_ID))
      errs.push({
        loc: ['body', 'provider_ids'],
        msg: 'the console keeps the local accounts, so an admin can sign in while a directory is down',
        type: 'value_error.local_required',
      });
    if (errs.length) throw new HttpError(422, errs);
    // Taking a provider off the console's list shuts out the admins linked to it (users/adminRule.ts).
    guardAccountWrite(db, ctx.now(), ['body', 'provider_ids'], () => {
      setServiceProviders(db, service.id, ids);
    });
    // SSH logins ask the appliance through the generated PAM helper: the SSH feature rewrites it (ssh/index.ts).
    emitApplianceEvent(ctx, 'serviceProvidersChanged', { service: service.id }, req.log);
    ctx.audit.record(
      'auth',
      `${auditText(currentUser(req).username)} set the providers of ${service.name}: ${providers
        .map((p) => auditText(p?.name ?? '?'))
        .join(', ')}`,
    );
    return serviceView(db, service);
  });
}
