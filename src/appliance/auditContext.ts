/**
 * The one place that knows the request an audit record belongs to: an AsyncLocalStorage entered for every request
 * (before any other hook), so `audit.record` anywhere below — a route, a store, a job step started by the request —
 * finds who (the signed-in account), how (console session, API token, the SSH helper), from where (the client's
 * address) and on what (the route). Work outside a request is the appliance's own (`system`) unless wrapped in
 * `withAuditContext` (a restore, a break-glass command).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditFields, AuditMethod, AuditOutcome } from './auditChain';

interface Scope {
  req?: FastifyRequest;
  fixed?: Partial<AuditFields>;
}

const storage = new AsyncLocalStorage<Scope>();

/** Every request of `app` runs inside its audit scope. */
export function installAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    storage.run({ req }, done);
  });
}

/** Runs `fn` with these fields for every record it writes (a restore: `{ method: 'restore', actor }`). */
export function withAuditContext<T>(fields: Partial<AuditFields>, fn: () => T): T {
  const outer = storage.getStore();
  return storage.run({ req: outer?.req, fixed: { ...outer?.fixed, ...fields } }, fn);
}

/** Words of a message that say an action did not succeed. */
const FAILURE =
  /\b(fail(s|ed|ure)?|refused|denied|rejected|locked( out)?|invalid|wrong|error|rolled back|timed out)\b/i;
/** The account a message names when no session does (a failed sign-in names the name it tried). */
const NAMED = /\b(?:by|of|for|user|account|admin)\s+"([^"]{1,64})"/;

function methodOfRequest(req: FastifyRequest): AuditMethod {
  const url = req.url.split('?')[0];
  if (url.endsWith('/internal/ssh-auth')) return 'ssh';
  const auth = req.headers.authorization;
  const bearer = typeof auth === 'string' && /^bearer\s/i.test(auth);
  // The console in bearer mode keeps its readable flag cookie; a program sends the token alone.
  return bearer && !/(^|;\s*)rampart_logged_in=/.test(req.headers.cookie ?? '') ? 'token' : 'console';
}

/** The fields of a record written now, from the request (if any), the explicit scope and the message. */
export function currentAuditFields(
  service: string,
  message: string,
  given: Partial<AuditFields> = {},
): AuditFields {
  const scope = storage.getStore();
  const fixed = { ...scope?.fixed, ...given };
  const req = scope?.req;
  const named = NAMED.exec(message)?.[1];
  const outcome: AuditOutcome = fixed.outcome ?? (FAILURE.test(message) ? 'failure' : 'success');
  if (!req)
    return {
      actor: fixed.actor ?? named ?? 'system',
      method: fixed.method ?? 'system',
      address: fixed.address ?? '',
      object: fixed.object ?? service,
      outcome,
    };
  // The account the request was authenticated as (already looked up by its guard; never a new session lookup here).
  const user = (req as FastifyRequest & { applianceUser?: { username: string } | null }).applianceUser;
  return {
    actor: fixed.actor ?? user?.username ?? named ?? '-',
    method: fixed.method ?? methodOfRequest(req),
    address: fixed.address ?? req.ip ?? '',
    object: fixed.object ?? `${req.method} ${req.url.split('?')[0]}`,
    outcome,
  };
}
