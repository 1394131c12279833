/**
 * The root server's first check: overlong targets get 414 and non-canonical paths (see
 * `appliance/http/paths.ts`) get 400 before any other hook, handler, static file or page render sees them. A
 * refusal is JSON (`{detail}`) when the path leads to an API once its spelling is undone, plain text otherwise.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { canonicalise, looseNormalise, rememberVerdict } from '../appliance/http/paths';

export const MAX_URL_LENGTH = 8192;

export interface PathGuardOptions {
  /** Path prefixes of the APIs, with trailing slash (`/api/`, `/eos/`, `/identity/`): refusals there are JSON. */
  apiPrefixes: readonly string[];
  /** Every case-sensitive prefix whose other spellings are refused (the API prefixes and e.g. `/assets/`). */
  exactPrefixes: readonly string[];
}

/** Whether a (possibly hostile) target leads to one of the API prefixes once its spelling is undone. */
export function looksLikeApi(target: string, apiPrefixes: readonly string[]): boolean {
  const path = looseNormalise(target);
  return apiPrefixes.some((p) => {
    const lower = p.toLowerCase();
    return path.startsWith(lower) || path === lower.replace(/\/$/, '');
  });
}

function refuse(reply: FastifyReply, status: number, json: boolean, detail: string) {
  void reply.code(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  return json
    ? reply.type('application/json; charset=utf-8').send({ detail })
    : reply.type('text/plain; charset=utf-8').send(detail);
}

export function installPathGuard(app: FastifyInstance, o: PathGuardOptions): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.length > MAX_URL_LENGTH) {
      refuse(reply, 414, looksLikeApi(req.url.slice(0, 256), o.apiPrefixes), 'URI Too Long');
      return;
    }
    const verdict = canonicalise(req.url, o.exactPrefixes);
    rememberVerdict(req, verdict);
    if (!verdict.ok) {
      req.log.info({ reason: verdict.reason }, 'refused a non-canonical request path');
      refuse(reply, 400, looksLikeApi(req.url, o.apiPrefixes), `Bad Request: ${verdict.reason}`);
      return;
    }
    done();
  });
}
