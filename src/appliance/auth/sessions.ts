/**
 * Login sessions. The browser holds a random token (HttpOnly cookie, or the bearer token in bearer mode); the
 * database holds only its SHA-256, so a copy of the database does not hand out live sessions.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fastifyCookie } from '@fastify/cookie';
import { BEARER_COOKIE, LOGGED_IN_COOKIE, SESSION_COOKIE } from '../../shared/http';
import type { ApplianceContext } from '../context';

/** Lifetime of a console login session. */
export const SESSION_TTL_S = 8 * 3600;
/** §9 bearer cookie 1 hour. */
export const BEARER_TTL_S = 3600;

export type SessionKind = 'cookie' | 'bearer';

export interface SessionUser {
  id: number;
  username: string;
  role: 'admin' | 'user';
  mustChangePassword: boolean;
}

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function createSession(
  ctx: ApplianceContext,
  userId: number,
  kind: SessionKind,
): { token: string; maxAge: number } {
  const token = crypto.randomBytes(32).toString('base64url');
  const maxAge = kind === 'bearer' ? BEARER_TTL_S : SESSION_TTL_S;
  const now = ctx.now();
  ctx.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now);
  ctx.db
    .prepare(
      'INSERT INTO sessions (token_hash, user_id, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    )
    .run(sha256(token), userId, kind, now, now + maxAge * 1000);
  return { token, maxAge };
}

/**
 * The token presented by an `Authorization` header and the request's cookies: a `Bearer` header wins, then the
 * session cookie, then the bearer cookie.
 */
export function tokenOf(
  authorization: string | undefined | null,
  cookies: Record<string, string | undefined>,
): string | undefined {
  if (authorization && /^Bearer\s+/i.test(authorization))
    return authorization.replace(/^Bearer\s+/i, '').trim() || undefined;
  return cookies[SESSION_COOKIE] || cookies[BEARER_COOKIE] || undefined;
}

/** The token a request presents: the session cookie, an `Authorization: Bearer` header, or the bearer cookie. */
export function presentedToken(req: FastifyRequest): string | undefined {
  return tokenOf(req.headers.authorization, req.cookies);
}

/**
 * The user a token signs in, checked at every request: the session must be live and the account still enabled and
 * not past its last day (`expires_at`, UTC), so disabling an account or letting it expire ends its sessions at
 * their next request, whatever the session's own lifetime.
 */
export function userForToken(ctx: ApplianceContext, token: string): SessionUser | null {
  if (token.length > 200) return null;
  const now = ctx.now();
  const row = ctx.db
    .prepare(
      `SELECT u.id, u.username, u.role, u.must_change_password AS mcp FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ? AND u.enabled = 1
         AND (u.expires_at IS NULL OR u.expires_at >= ?)`,
    )
    .get(sha256(token), now, new Date(now).toISOString().slice(0, 10)) as
    { id: number; username: string; role: 'admin' | 'user'; mcp: number } | undefined;
  return row
    ? { id: row.id, username: row.username, role: row.role, mustChangePassword: row.mcp === 1 }
    : null;
}

/**
 * The user of the session that request headers present, checked like `requireUser` checks a request: the same
 * token choice (cookies parsed as the cookie plugin parses them) and the same database lookup, so expiry and
 * revocation take effect at once.
 */
export function userForHeaders(ctx: ApplianceContext, headers: Headers): SessionUser | null {
  const cookie = headers.get('cookie');
  const token = tokenOf(headers.get('authorization'), cookie ? fastifyCookie.parse(cookie) : {});
  return token ? userForToken(ctx, token) : null;
}

export function deleteSession(ctx: ApplianceContext, token: string): void {
  ctx.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(sha256(token));
}

export function setSessionCookies(
  ctx: ApplianceContext,
  reply: FastifyReply,
  token: string,
  kind: SessionKind,
  maxAge: number,
): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: ctx.secureCookies, maxAge };
  if (kind === 'bearer') {
    // Bearer mode: the client reads the token itself (spec §7 "kept in cookie auth-bearer for 1 hour").
    void reply.setCookie(BEARER_COOKIE, token, { ...common, httpOnly: false });
  } else {
    void reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  }
  // Companion flag for the browser's route guard: no secret in it, same lifetime as the token.
  void reply.setCookie(LOGGED_IN_COOKIE, '1', { ...common, httpOnly: false });
}

export function clearSessionCookies(ctx: ApplianceContext, reply: FastifyReply): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: ctx.secureCookies };
  void reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  void reply.clearCookie(BEARER_COOKIE, common);
  void reply.clearCookie(LOGGED_IN_COOKIE, common);
}
