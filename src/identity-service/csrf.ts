/**
 * The identity service's anti-CSRF protection (Kratos' model): a long-lived HttpOnly cookie per browser holds a
 * token, each browser flow records it, and a flow may only be read with that cookie and submitted with the token
 * (form field `csrf_token` or `X-CSRF-Token` header). Comparisons take constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors';
import type { FlowRecord } from './repo';

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export class CsrfGuard {
  /** Named after the public base, like Kratos, so two services on one host do not share a cookie. */
  readonly cookieName: string;

  constructor(
    publicBase: string,
    private readonly secure: boolean,
  ) {
    this.cookieName = `csrf_token_${createHash('sha256').update(publicBase).digest('hex')}`;
  }

  /** The browser's anti-CSRF token: reused from its cookie, or minted and set. */
  token(req: FastifyRequest, reply: FastifyReply): string {
    const existing = req.cookies[this.cookieName];
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomBytes(32).toString('base64url');
    reply.setCookie(this.cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: 365 * 24 * 3600,
    });
    return token;
  }

  /** The flow may only be read or submitted by the browser that started it. */
  checkCookie(req: FastifyRequest, flow: FlowRecord): void {
    if (flow.type !== 'browser') return;
    const cookie = req.cookies[this.cookieName];
    if (!req.headers.cookie) throw errors.csrf('The HTTP Cookie Header was not set.');
    if (!cookie)
      throw errors.csrf('The HTTP Cookie Header was set but did not include the anti-CSRF cookie.');
    if (!safeEqual(cookie, flow.csrfToken))
      throw errors.csrf('The anti-CSRF cookie does not belong to this flow.');
  }

  /** A submit: the cookie as above, and the flow's token in the body field or the header. */
  checkSubmit(req: FastifyRequest, flow: FlowRecord, bodyToken: string | undefined): void {
    this.checkCookie(req, flow);
    const header = req.headers['x-csrf-token'];
    const sent = bodyToken || (typeof header === 'string' ? header : '');
    if (!sent)
      throw errors.csrf(
        'The anti-CSRF token was not sent in the csrf_token field or the X-CSRF-Token header.',
      );
    if (!safeEqual(sent, flow.csrfToken))
      throw errors.csrf('The anti-CSRF token does not match the anti-CSRF cookie.');
  }
}
