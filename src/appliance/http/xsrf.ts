/**
 * Double-submit XSRF protection (spec §7 generic client): every response whose request lacks the readable
 * `XSRF-TOKEN` cookie sets one (page loads included), and every mutating request to the appliance's API paths must
 * echo it in `X-XSRF-TOKEN`. Requests authenticated by an `Authorization: Bearer` header carry no ambient
 * credential and are exempt.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '../../shared/http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Immutable static files are cached by shared caches; a Set-Cookie would defeat that. */
const NO_COOKIE_PREFIXES = ['/assets/', '/favicon.', '/_build/', '/healthz'];

function tokensMatch(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function xsrfProblem(req: FastifyRequest): string | null {
  // Only a bearer token is exempt: browsers never add one by themselves (they do re-send Basic credentials), and a
  // request carrying one is authenticated by it, not by cookies.
  if (/^Bearer\s+\S/i.test(req.headers.authorization ?? '')) return null;
  const cookie = req.cookies[XSRF_COOKIE];
  const header = req.headers[XSRF_HEADER.toLowerCase()];
  if (!cookie) return 'XSRF check failed: the XSRF-TOKEN cookie is missing; reload the page and try again';
  if (typeof header !== 'string' || header === '')
    return `XSRF check failed: the ${XSRF_HEADER} header is missing`;
  if (!tokensMatch(cookie, header))
    return `XSRF check failed: the ${XSRF_HEADER} header does not match the XSRF-TOKEN cookie`;
  return null;
}

/** Root-level hooks: issue the cookie everywhere, check mutating requests under `protectedPrefixes`. */
export function installXsrf(app: FastifyInstance, protectedPrefixes: string[], secure: boolean): void {
  const isProtected = (url: string) => protectedPrefixes.some((p) => url === p || url.startsWith(`${p}/`));
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url.split('?')[0];
    if (!req.cookies[XSRF_COOKIE] && !NO_COOKIE_PREFIXES.some((p) => url.startsWith(p))) {
      // Written by hand (base64url needs no encoding): this runs on every first response, pages included.
      reply.header(
        'set-cookie',
        `${XSRF_COOKIE}=${crypto.randomBytes(32).toString('base64url')}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
    }
    if (SAFE_METHODS.has(req.method) || !isProtected(url)) return;
    const problem = xsrfProblem(req);
    if (problem) await reply.code(403).send({ detail: problem });
  });
}
