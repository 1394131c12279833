/**
 * Login sessions. The browser holds a random token (HttpOnly cookie, or the bearer token in bearer mode); the
 * database holds only its SHA-256, so a copy of the database does not hand out live sessions.
 *
 * Lifetimes (config): a session ends `sessionMaxSeconds` after sign-in whatever happens (absolute, `expires_at`) and
 * `sessionIdleSeconds` after its last activity (`last_seen_at`). Activity is a request the user made: the session
 * status check, log-stream heartbeats and requests marked passive (the console's own polling) do not count.
 * `authenticated_at` is the last time the user proved their password or code (sign-in or re-authentication); sensitive
 * changes need it within `reauthMaxAgeSeconds`.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fastifyCookie } from '@fastify/cookie';
import { BEARER_COOKIE, LOGGED_IN_COOKIE, PASSIVE_HEADER, SESSION_COOKIE } from '../../shared/http';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';

/** §9 bearer cookie 1 hour. */
export const BEARER_TTL_S = 3600;

export type SessionKind = 'cookie' | 'bearer';

export interface SessionUser {
  id: number;
  username: string;
  role: 'admin' | 'user';
  mustChangePassword: boolean;
  /** The session the request presented (times in ms since the epoch). */
  session: SessionTimes;
}

export interface SessionTimes {
  tokenHash: string;
  createdAt: number;
  lastSeenAt: number;
  authenticatedAt: number;
  /** Absolute end. */
  expiresAt: number;
}

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function createSession(
  ctx: ApplianceContext,
  userId: number,
  kind: SessionKind,
): { token: string; maxAge: number } {
  const token = crypto.randomBytes(32).toString('base64url');
  const max = ctx.config.sessionMaxSeconds;
  const maxAge = kind === 'bearer' ? Math.min(BEARER_TTL_S, max) : max;
  const now = ctx.now();
  ctx.db
    .prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?')
    .run(now, now - idleMs(ctx));
  ctx.db
    .prepare(
      `INSERT INTO sessions (token_hash, user_id, kind, created_at, expires_at, last_seen_at, authenticated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(sha256(token), userId, kind, now, now + maxAge * 1000, now, now);
  return { token, maxAge };
}

const idleMs = (ctx: ApplianceContext) => ctx.config.sessionIdleSeconds * 1000;

/** When the session ends unless there is activity first: the idle end or the absolute end, whichever is earlier. */
export function sessionEnd(ctx: ApplianceContext, s: SessionTimes): number {
  return Math.min(s.expiresAt, s.lastSeenAt + idleMs(ctx));
}

/** Counts a request as activity: the idle timer starts again (at most one write per second per session). */
export function touchSession(ctx: ApplianceContext, s: SessionTimes): void {
  const now = ctx.now();
  if (now - s.lastSeenAt < 1000) return;
  ctx.db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?').run(now, s.tokenHash);
  s.lastSeenAt = now;
}

/** The user proved their password or code again: sensitive changes are allowed for `reauthMaxAgeSeconds`. */
export function markAuthenticated(ctx: ApplianceContext, s: SessionTimes): void {
  const now = ctx.now();
  ctx.db
    .prepare('UPDATE sessions SET authenticated_at = ?, last_seen_at = ? WHERE token_hash = ?')
    .run(now, now, s.tokenHash);
  s.authenticatedAt = now;
  s.lastSeenAt = now;
}

/** True when the session's last authentication is recent enough for a sensitive change. */
export function recentlyAuthenticated(ctx: ApplianceContext, s: SessionTimes): boolean {
  return ctx.now() - s.authenticatedAt <= ctx.config.reauthMaxAgeSeconds * 1000;
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

interface SessionRow {
  id: number;
  username: string;
  role: 'admin' | 'user';
  mcp: number;
  created_at: number;
  last_seen_at: number;
  authenticated_at: number;
  expires_at: number;
}

/**
 * The user of a live session (neither past its absolute end nor idle too long), or null, checked at every request:
 * the account must still be enabled and not past its last day (`expires_at`, UTC), so disabling an account or
 * letting it expire ends its sessions at their next request. Reading does not count as activity: callers that serve
 * the user's own request call `touchSession`.
 */
export function userForToken(ctx: ApplianceContext, token: string): SessionUser | null {
  if (token.length > 200) return null;
  const tokenHash = sha256(token);
  const now = ctx.now();
  const row = ctx.db
    .prepare(
      `SELECT u.id, u.username, u.role, u.must_change_password AS mcp, s.created_at, s.last_seen_at,
         s.authenticated_at, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ? AND s.last_seen_at > ? AND u.enabled = 1
         AND (u.expires_at IS NULL OR u.expires_at >= ?)`,
    )
    .get(tokenHash, now, now - idleMs(ctx), new Date(now).toISOString().slice(0, 10)) as
    SessionRow | undefined;
  return row
    ? {
        id: row.id,
        username: row.username,
        role: row.role,
        mustChangePassword: row.mcp === 1,
        session: {
          tokenHash,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          authenticatedAt: row.authenticated_at,
          expiresAt: row.expires_at,
        },
      }
    : null;
}

/**
 * The user of the session that request headers present, checked like `requireUser` checks a request: the same
 * token choice (cookies parsed as the cookie plugin parses them) and the same database lookup, so expiry and
 * revocation take effect at once. Like `requireUser`, a request not marked passive counts as the user's activity.
 */
export function userForHeaders(ctx: ApplianceContext, headers: Headers): SessionUser | null {
  const cookie = headers.get('cookie');
  const token = tokenOf(headers.get('authorization'), cookie ? fastifyCookie.parse(cookie) : {});
  const user = token ? userForToken(ctx, token) : null;
  if (user && headers.get(PASSIVE_HEADER) !== '1') touchSession(ctx, user.session);
  return user;
}

/** True when the token names a session that exists but ended by its idle or absolute timeout. */
export function sessionTimedOut(ctx: ApplianceContext, token: string): boolean {
  if (token.length > 200) return false;
  return !!ctx.db.prepare('SELECT 1 FROM sessions WHERE token_hash = ?').get(sha256(token));
}

/**
 * Ends every session of an account (disabled, role changed, password changed, restored by break-glass, or on an
 * admin's request); its browsers sign in again. Answers how many ended.
 */
export function endSessionsOf(db: Db, userId: number): number {
  return db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId).changes;
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
