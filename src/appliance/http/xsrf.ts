/**
 * Double-submit XSRF protection (spec §7 generic client): every response whose request lacks the readable XSRF
 * cookie sets one (page loads included), and every mutating request to the appliance's API paths must echo it in
 * `X-XSRF-TOKEN`. Requests authenticated by an `Authorization: Bearer` header carry no ambient credential and are
 * exempt.
 *
 * Over HTTPS the cookie is `__Host-XSRF-TOKEN` (Secure, Path=/, no Domain): a sibling subdomain can set cookies for
 * the console's host, but never a `__Host-` one, so it cannot plant a token it knows ("cookie tossing"). Only that
 * name is read there; a planted plain `XSRF-TOKEN` is ignored.
 *
 * Which requests are checked is decided on `canonicalPath(req)`, the path the router matches, never on the raw URL.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_HOST_COOKIE } from '../../shared/http';
import { randomTokens } from '../../service-kit/randomPool';
import { canonicalPath, isUnder } from './paths';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Immutable static files are cached by shared caches; a Set-Cookie would defeat that. */
const NO_COOKIE_PREFIXES = ['/assets/', '/favicon.', '/_build/', '/healthz'];

/** The XSRF cookie's name: `__Host-` prefixed when the console is served over HTTPS. */
export function xsrfCookieName(secure: boolean): string {
  return secure ? XSRF_HOST_COOKIE : XSRF_COOKIE;
}

const nextToken = randomTokens(32, 'base64url');

/** A fresh token's Set-Cookie line (written by hand: base64url needs no encoding, and this runs on every first page). */
export function xsrfSetCookie(secure: boolean, token = nextToken()): string {
  return `${xsrfCookieName(secure)}=${token}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function tokensMatch(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function xsrfProblem(req: FastifyRequest, secure = false): string | null {
  // Only a bearer token is exempt: browsers never add one by themselves (they do re-send Basic credentials), and a
  // request carrying one is authenticated by it, not by cookies.
  if (/^Bearer\s+\S/i.test(req.headers.authorization ?? '')) return null;
  const name = xsrfCookieName(secure);
  const cookie = req.cookies[name];
  const header = req.headers[XSRF_HEADER.toLowerCase()];
  if (!cookie) return `XSRF check failed: the ${name} cookie is missing; reload the page and try again`;
  if (typeof header !== 'string' || header === '')
    return `XSRF check failed: the ${XSRF_HEADER} header is missing`;
  if (!tokensMatch(cookie, header))
    return `XSRF check failed: the ${XSRF_HEADER} header does not match the ${name} cookie`;
  return null;
}

/**
 * Root-level hooks: issue the cookie everywhere, check mutating requests under `protectedPrefixes`.
 *
 * Routes whose config says `cookieless` (with the reason; http/routeAccess.ts: the API token endpoint, the SSH
 * helper's internal endpoint) neither read nor set a cookie: their answer is the only thing they give, and another
 * site cannot read it. They get no XSRF cookie, and a request to them that carries no Cookie header at all (a
 * program, not a browser) has no ambient credential and needs no XSRF header; a browser's request, which carries
 * cookies, is checked like any other.
 */
export function installXsrf(app: FastifyInstance, protectedPrefixes: string[], secure: boolean): void {
  const name = xsrfCookieName(secure);
  const isProtected = (path: string) => protectedPrefixes.some((p) => isUnder(path, p));
  // A callback hook, not an async one: it runs on every request, and most pass without waiting for anything.
  app.addHook('onRequest', (req, reply, done) => {
    // Throws a 400 for a spelling the root server's path guard would have refused (fail closed without it).
    let path: string;
    try {
      path = canonicalPath(req);
    } catch (e) {
      done(e as Error);
      return;
    }
    // Only a matched route has a config (an unknown path is answered by a not-found handler).
    const cookielessPath = req.routeOptions.config?.cookieless !== undefined;
    if (!req.cookies[name] && !cookielessPath && !NO_COOKIE_PREFIXES.some((p) => path.startsWith(p))) {
      reply.header('set-cookie', xsrfSetCookie(secure));
    }
    if (SAFE_METHODS.has(req.method) || !isProtected(path)) return done();
    if (cookielessPath && req.headers.cookie === undefined) return done();
    const problem = xsrfProblem(req, secure);
    // A refusal answers here and ends the request's hooks (done is not called after a reply is sent).
    if (problem) void reply.code(403).send({ detail: problem });
    else done();
  });
}
