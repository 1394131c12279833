/**
 * Security headers. Helmet's static headers are compiled once; the Content-Security-Policy is a precomputed
 * template with fresh script and style nonces per response (no 'unsafe-inline' scripts). Building the whole helmet
 * middleware per request (what @fastify/helmet does when nonces are on) cost more than the page render itself.
 */
import { randomTokens } from '../service-kit/randomPool';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface CspOptions {
  /** Extra origins for connect-src, img-src and form-action (external API or identity service). */
  extraOrigins: string[];
  /**
   * Origins a form may end up at (form-action only): the identity service's OpenID providers. Chromium checks
   * form-action against every redirect a form post leads to, and the provider button's post is answered with a 303 to
   * the provider.
   */
  formOrigins?: string[];
  /** Origin allowed to frame the console (agreement flows in a parent window). */
  parentOrigin: string;
  secure: boolean;
}

export function buildCsp(o: CspOptions, nonces: { script: string; style: string }): string {
  const self = ["'self'", ...o.extraOrigins].join(' ');
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonces.script}'`,
    "script-src-attr 'none'",
    `style-src 'self' 'nonce-${nonces.style}'`,
    // Inline style attributes cannot run script; widgets position themselves with them.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${o.extraOrigins.length ? ' ' + o.extraOrigins.join(' ') : ''}`,
    "font-src 'self' data:",
    `connect-src ${self}`,
    `form-action ${[self, ...(o.formOrigins ?? [])].join(' ')}`,
    `frame-ancestors 'self'${o.parentOrigin ? ' ' + o.parentOrigin : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    ...(o.secure ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join(';');
}

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonces, for every script and style element the page renders. */
    cspNonce: { script: string; style: string };
  }
}

/**
 * Helmet's headers do not depend on the request: run its middleware once against a recording response and keep
 * what it set, so each response gets them in one call.
 */
function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  middleware({} as never, res as never, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, o: CspOptions) {
  const staticHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    frameguard: false, // frame-ancestors decides who may embed the console
    hsts: o.secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
  // The policy is built once around two markers; each response only splices its nonces in.
  const [beforeScript, betweenNonces, afterStyle] = buildCsp(o, { script: '\u0000', style: '\u0000' }).split(
    '\u0000',
  );
  app.decorateReply('cspNonce', null as unknown as { script: string; style: string });
  const fixed = helmetHeaders(staticHeaders);
  // Two 128-bit nonces per response, as 64 hex characters.
  const nextNonces = randomTokens(32, 'hex');
  app.addHook('onRequest', (_req, reply, done) => {
    const bytes = nextNonces();
    reply.cspNonce = { script: bytes.slice(0, 32), style: bytes.slice(32) };
    reply.headers(fixed);
    reply.header(
      'Content-Security-Policy',
      beforeScript + reply.cspNonce.script + betweenNonces + reply.cspNonce.style + afterStyle,
    );
    done();
  });
}
