/**
 * The embedded Kratos-compatible identity service (mounted under the identity base): the browser self-service flows
 * of the Ory Kratos contract, backed by SQLite (`${dataDir}/identity.db`).
 */
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin, type Config } from '../../config';
import { migrate, openDatabase } from '../storage/sqlite';
import { ServiceContext } from './context';
import { Courier } from './courier';
import { errors, IdentityError } from './errors';
import { registerLogin } from './flows/login';
import { registerOidcCallback } from './flows/oidc';
import { applyPasswordHashCost } from './password';
import { registerHealth } from './health';
import { registerRecovery } from './flows/recovery';
import { registerRegistration } from './flows/registration';
import { registerSessionRoutes } from './flows/session';
import { registerSettings } from './flows/settings';
import { registerVerification } from './flows/verification';
import { ProvidersFile } from './providers';
import { IdentityLimits } from './rateLimit';
import { IdentityRepo } from './repo';
import { identityMigrations } from './schema';
import { jsonTooDeep, jsonTooDeepMessage, MAX_JSON_BODY_BYTES } from '../service-kit/jsonDepth';
import type { SignInGate } from '../service-kit/loginThrottle';

/** Query parameters that carry secrets (mailed codes, logout tokens) never reach the request log. */
const SECRET_PARAMS = ['code', 'token', 'state'];

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

function isJsonOnly(req: FastifyRequest): boolean {
  return req.routeOptions.config?.jsonOnly === true;
}

/** What the server may hand the service (src/server/embedded.ts); without them it keeps its own counts and no audit. */
export interface IdentityDeps {
  /** The sign-in throttle shared with the appliance: one lock per (name, address) over every entry point. */
  signIns?: SignInGate;
  /** Where sign-in lines go (the appliance's audit trail, service `auth`). */
  auditLine?: (line: string) => void;
}

export async function registerIdentityService(
  app: FastifyInstance,
  config: Config,
  deps: IdentityDeps = {},
): Promise<void> {
  // An absolute identity base means an external Ory Kratos: nothing to mount here.
  if (!config.identityBase.startsWith('/')) return;
  applyPasswordHashCost(config.passwordHashCost, app.log);
  const db = openDatabase(path.join(config.dataDir, 'identity.db'));
  migrate(db, 'identity', identityMigrations);
  const repo = new IdentityRepo(db);
  const courier = new Courier(db, config.smtpUrl, config.mailFrom, app.log);
  const providers = new ProvidersFile(config.dataDir, app.log);
  providers.current(); // read once at start, so a bad entry is logged now rather than at the first sign-in
  const ctx = new ServiceContext(
    config,
    publicOrigin(config),
    repo,
    courier,
    new IdentityLimits(db, deps.signIns),
    providers,
    app.log,
    deps.auditLine,
  );

  app.addHook('onClose', async () => {
    await courier.drain();
    db.close();
  });

  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.logSerializers = {
          ...route.logSerializers,
          req: (req: FastifyRequest) => ({
            method: req.method,
            url: redactUrl(req.url),
            host: req.host,
            remoteAddress: req.ip,
            remotePort: req.socket?.remotePort,
          }),
        };
      });
      const jsonParser = scope.getDefaultJsonParser('error', 'error');
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: MAX_JSON_BODY_BYTES },
        (req, body, done) => {
          if (jsonTooDeep(body as string)) done(errors.malformedBody(jsonTooDeepMessage()));
          else jsonParser(req, body as string, done);
        },
      );
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: MAX_JSON_BODY_BYTES },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );

      scope.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
        let e: IdentityError;
        if (err instanceof IdentityError) e = err;
        else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
          e = new IdentityError(
            err.statusCode,
            undefined,
            'The request was malformed or contained invalid parameters',
            err.message,
          );
        } else {
          req.log.error({ err }, 'identity: request failed');
          e = new IdentityError(
            500,
            undefined,
            'An internal server error occurred, please contact the system administrator',
          );
        }
        reply.header('cache-control', 'private, no-cache, no-store, must-revalidate');
        if (isJsonOnly(req) || ctx.isJson(req)) return reply.code(e.code).send(e.toBody());
        if (e.browserRedirect) return reply.redirect(e.browserRedirect, 303);
        return ctx.browserError(reply, e);
      });

      registerLogin(scope, ctx);
      registerRegistration(scope, ctx);
      registerOidcCallback(scope, ctx);
      registerRecovery(scope, ctx);
      registerVerification(scope, ctx);
      registerSettings(scope, ctx);
      registerSessionRoutes(scope, ctx);
      registerHealth(scope, db);
      // Unknown paths under the identity base answer in the identity API's own error format.
      scope.all('/*', { config: { jsonOnly: true } }, async () => {
        throw new IdentityError(
          404,
          undefined,
          'The requested resource could not be found',
          'Unknown identity API path.',
        );
      });
    },
    { prefix: config.identityBase.replace(/\/+$/, '') },
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers JSON whatever the Accept header says (the spec's JSON-only endpoints). */
    jsonOnly?: boolean;
  }
}
