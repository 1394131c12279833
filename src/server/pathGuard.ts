/**
 * The root server's first checks, before any other hook, handler, static file or page render sees the request:
 * - overlong targets get 414 and non-canonical paths (see `appliance/http/paths.ts`) get 400;
 * - a state-changing request sent by a browser from another site (its `Origin` is neither this console's public
 *   origin nor the host it was sent to, or `Sec-Fetch-Site: cross-site`) gets 403, whatever tokens it carries.
 * A refusal is JSON when the path leads to an API once its spelling is undone (the identity service's own error
 * envelope under the identity base, `{detail}` elsewhere), plain text otherwise.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalise, looseNormalise, rememberVerdict } from '../appliance/http/paths';
import { IdentityError } from '../identity-service/errors';

export const MAX_URL_LENGTH = 8192;

export interface PathGuardOptions {
  /** Path prefixes of the APIs, with trailing slash (`/api/`, `/eos/`, `/identity/`): refusals there are JSON. */
  apiPrefixes: readonly string[];
  /** Every case-sensitive prefix whose other spellings are refused (the API prefixes and e.g. `/assets/`). */
  exactPrefixes: readonly string[];
  /** Prefix of the embedded identity service (`/identity/`), whose refusals use its error envelope. */
  identityPrefix?: string;
  /** Origins whose state-changing requests are this console's own (its public origin). */
  ownOrigins: readonly string[];
}

/** Whether a (possibly hostile) target leads to one of the API prefixes once its spelling is undone. */
export function looksLikeApi(target: string, apiPrefixes: readonly string[]): boolean {
  const path = looseNormalise(target);
  return apiPrefixes.some((p) => {
    const lower = p.toLowerCase();
    return path.startsWith(lower) || path === lower.replace(/\/$/, '');
  });
}

type Format = 'identity' | 'json' | 'text';

function formatFor(target: string, o: PathGuardOptions): Format {
  if (o.identityPrefix && looksLikeApi(target, [o.identityPrefix])) return 'identity';
  return looksLikeApi(target, o.apiPrefixes) ? 'json' : 'text';
}

function refuse(reply: FastifyReply, status: number, format: Format, detail: string) {
  void reply.code(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  if (format === 'text') return reply.type('text/plain; charset=utf-8').send(detail);
  const body =
    format === 'identity'
      ? new IdentityError(status, undefined, 'The request was refused', detail).toBody()
      : { detail };
  return reply.type('application/json; charset=utf-8').send(body);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why a state-changing request comes from another site, or null when it does not (or is not a browser's). */
export function crossSiteProblem(req: FastifyRequest, ownOrigins: ReadonlySet<string>): string | null {
  if (!STATE_CHANGING.has(req.method)) return null;
  // A bearer token is no ambient credential: another site cannot make a browser send it.
  if (/^Bearer\s+\S/i.test(req.headers.authorization ?? '')) return null;
  const origin = req.headers.origin;
  if (origin === undefined) {
    return req.headers['sec-fetch-site'] === 'cross-site'
      ? 'Cross-site request refused: it was sent from another site'
      : null;
  }
  let hosts: string[] = [];
  try {
    const url = new URL(origin);
    // Browsers send a serialised origin (no path, no default port); anything else is not one.
    if (url.origin === origin) hosts = [url.host, `${url.host}:${url.protocol === 'https:' ? 443 : 80}`];
  } catch {
    hosts = [];
  }
  if (hosts.length && (ownOrigins.has(origin) || hosts.includes(req.host))) return null;
  return `Cross-site request refused: Origin ${JSON.stringify(origin.slice(0, 200))} is not this console`;
}

export function installPathGuard(app: FastifyInstance, o: PathGuardOptions): void {
  const own = new Set(o.ownOrigins);
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.length > MAX_URL_LENGTH) {
      refuse(reply, 414, formatFor(req.url.slice(0, 256), o), 'URI Too Long');
      return;
    }
    const verdict = canonicalise(req.url, o.exactPrefixes);
    rememberVerdict(req, verdict);
    if (!verdict.ok) {
      req.log.info({ reason: verdict.reason }, 'refused a non-canonical request path');
      refuse(reply, 400, formatFor(req.url, o), `Bad Request: ${verdict.reason}`);
      return;
    }
    const crossSite = crossSiteProblem(req, own);
    if (crossSite) {
      req.log.warn({ origin: req.headers.origin, path: verdict.path }, 'refused a cross-site request');
      refuse(reply, 403, formatFor(req.url, o), crossSite);
      return;
    }
    done();
  });
}
