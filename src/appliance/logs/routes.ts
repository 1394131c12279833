/**
 * The log routes of the embedded appliance:
 * - `GET /eos/system/logs/stream` (the logs area's read privilege): the live log stream (see ./stream.ts); the audit trail
 *   (services the appliance's audit writer uses) only for admins, filtered here on the server;
 * - `POST {api}logs` (the logs area's write privilege): ingestion for appliance services, one entry or `{logs: […]}` in one transaction.
 * Both live in a scope with the API's conventions (`http/scope.ts`: strict UTF-8 bodies, the 64 KiB limit, JSON
 * errors, no-store). Auth is the appliance's: both routes declare their access (`config.access`, enforced by the
 * appliance's one hook, src/appliance/http/routeAccess.ts), so this module knows nothing of sessions. Mounted without
 * the appliance (tests, benches), `requireUser` / `requireAdmin` stand in for it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Config } from '../../../config';
import { AuditService } from '../audit';
import { pathPrefix } from '../context';
import { applyApiConventions } from '../http/scope';
import { LOG_SERVICES } from '../../shared/logServices';
import { writeEventStreamHead } from '../http/sse';
import { streamRoute } from '../http/streamRoute';
import { ingestLogs, logStream } from '../../shared/contracts/logs';
import { contractRoute } from '../http/contractRoute';
import { EVENT_STREAM_BASE, streamUrlOf } from '../../shared/contracts/stream';
import { createLogStreamHub, type LogStreamHub, type StreamOptions } from './stream';
import type { LogStore } from './store';
import { parseIngestBody, parseLastEventId, parseStreamQuery, type ErrorItem } from './validate';

export const LOG_STREAM_PATH = streamUrlOf(logStream);

export interface LogRouteDeps {
  store: LogStore;
  config: Pick<Config, 'apiBase'>;
  /** Only without the appliance (which decides from the routes' declared access): checks of the stream and ingestion. */
  requireUser?: preHandlerHookHandler;
  requireAdmin?: preHandlerHookHandler;
  /** Whether the (already authenticated) caller may read the audit trail: admins only. */
  canReadAudit: (req: FastifyRequest) => boolean;
  /** Stream tuning (tests and benches shorten the timers). */
  stream?: Partial<StreamOptions>;
  /**
   * Whether the request's session is still valid, asked again with every heartbeat of an open stream, so a stream
   * does not outlive a logout or an expired session. Absent = streams are not re-checked.
   */
  sessionStillValid?: (req: FastifyRequest) => boolean;
}

const badRequest = (reply: FastifyReply, status: number, errors: ErrorItem[]) =>
  reply.code(status).send({ detail: errors });

/** The path of `POST {api}logs` on this server (the path part of the API base, as the appliance mounts it). */
export function ingestPath(apiBase: string): string {
  return `${pathPrefix(apiBase)}/logs`;
}

/**
 * The audit trail proper (who logged in, what was changed, jobs, acknowledgements): admins only. Domain modules
 * (DNS, SSH, certificates) audit their changes under their own daemon's service, which every signed-in user reads;
 * their audit lines never carry secrets.
 */
export const AUDIT_SERVICES: ReadonlySet<string> = new Set<string>([
  AuditService.auth,
  AuditService.settings,
  AuditService.jobs,
  AuditService.messages,
]);

/**
 * The services a caller may stream: everything asked for (all when none) minus the audit trail for non-admins.
 * Null when a non-admin asked for audit services only.
 */
export function visibleServices(asked: readonly string[], canReadAudit: boolean): string[] | null {
  if (canReadAudit) return [...asked];
  const visible = (asked.length ? asked : LOG_SERVICES).filter((s) => !AUDIT_SERVICES.has(s));
  return visible.length ? visible : null;
}

export async function registerLogRoutes(app: FastifyInstance, deps: LogRouteDeps): Promise<LogStreamHub> {
  const hub = createLogStreamHub(deps.store, deps.stream);
  // Fastify closes connections only after preClose: streams get their `end` first.
  app.addHook('preClose', async () => hub.closeAll());
  await app.register(async (scope) => {
    applyApiConventions(scope);
    registerRoutes(scope, hub, deps);
  });
  return hub;
}

function registerRoutes(app: FastifyInstance, hub: LogStreamHub, deps: LogRouteDeps): void {
  streamRoute(
    app,
    logStream,
    { access: { area: 'logs' } },
    async (req, reply) => {
      const query = parseStreamQuery(req.query as Record<string, unknown>);
      if (!query.ok) return badRequest(reply, 400, query.errors);
      const services = visibleServices(query.value.services, deps.canReadAudit(req));
      if (!services)
        return reply
          .code(403)
          .send({ detail: 'Audit events (auth, settings, jobs, messages) need the admin role' });
      const lastId = parseLastEventId(req.headers['last-event-id']);
      if (!lastId.ok) return badRequest(reply, 400, lastId.errors);
      writeEventStreamHead(req, reply);
      const check = deps.sessionStillValid;
      hub.open(reply.raw, { ...query.value, services }, lastId.value, check ? () => check(req) : undefined);
    },
    // Its own parser answers 400 with the same error items as before the contract.
    {
      base: EVENT_STREAM_BASE,
      queryCheckedBy: 'handler',
      ...(deps.requireUser && { preHandler: deps.requireUser }),
    },
  );

  // Its own parser answers 422 with the error items services already rely on; the contract documents the body.
  void app.register(
    async (api) =>
      contractRoute(
        api,
        ingestLogs,
        { access: { area: 'logs' } },
        async (req, reply) => {
          const parsed = parseIngestBody(req.body);
          if (!parsed.ok) return badRequest(reply, 422, parsed.errors);
          const stored = deps.store.appendMany(parsed.value);
          return reply.code(201).send({ count: stored.length, ids: stored.map((e) => e.id) });
        },
        { bodyCheckedBy: 'handler', ...(deps.requireAdmin && { preHandler: deps.requireAdmin }) },
      ),
    { prefix: pathPrefix(deps.config.apiBase) },
  );
}
