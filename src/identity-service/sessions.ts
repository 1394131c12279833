/**
 * Identity sessions: the session cookie (or a session token, as Kratos accepts), issuing and ending it, the factors
 * completed on it, and the assurance level an identity must reach (its second factors).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  sha256,
  type Aal,
  type AuthMethod,
  type IdentityRecord,
  type IdentityRepo,
  type SessionRecord,
} from './repo';
import type { StoredWebAuthnCredential } from '../service-kit/webauthn';

export const SESSION_COOKIE = 'ory_kratos_session';

/**
 * Session lifetimes follow the console's configuration: a session ends `sessionMaxSeconds` after sign-in and
 * `sessionIdleSeconds` after its owner's last request; a login counts as recent ("privileged", Kratos'
 * `privileged_session_max_age`) for `reauthMaxAgeSeconds`.
 */
export interface SessionLifetimes {
  sessionMaxSeconds: number;
  sessionIdleSeconds: number;
  reauthMaxAgeSeconds: number;
}

export interface WebAuthnCredentialConfig {
  /** base64url user handle given to authenticators for this account */
  user_handle: string;
  credentials: StoredWebAuthnCredential[];
}

export interface CurrentSession {
  session: SessionRecord;
  identity: IdentityRecord;
}

export class SessionStore {
  constructor(
    private readonly repo: IdentityRepo,
    private readonly options: {
      /** Session cookies are `Secure` (https). */
      secure: boolean;
      /** The WebAuthn relying party; security keys count as a second factor only where there is one. */
      rpId: string | null;
      now: () => number;
      lifetimes: SessionLifetimes;
    },
  ) {}

  /** Absolute lifetime of a session. */
  get lifespanMs(): number {
    return this.options.lifetimes.sessionMaxSeconds * 1000;
  }

  /** Idle timeout of a session. */
  get idleMs(): number {
    return this.options.lifetimes.sessionIdleSeconds * 1000;
  }

  /** How long a login counts as recent for privileged settings (password, second factors, e-mail). */
  get privilegedMs(): number {
    return this.options.lifetimes.reauthMaxAgeSeconds * 1000;
  }

  /**
   * The session of the cookie, or of a session token (`X-Session-Token`, `Authorization: Bearer`) as Kratos accepts.
   * The first candidate that names a live session wins, so an unrelated bearer token (the appliance API's, in bearer
   * mode) does not hide the session cookie. A request of the owner restarts the idle timeout, unless `touch` is
   * false (whoami, the console's status check, must not keep an idle session alive).
   */
  current(req: FastifyRequest, options: { touch?: boolean } = {}): CurrentSession | null {
    const header = req.headers['x-session-token'];
    const auth = req.headers.authorization;
    const bearer =
      typeof auth === 'string' && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, '').trim() : '';
    const candidates = [typeof header === 'string' ? header : '', req.cookies[SESSION_COOKIE] ?? '', bearer];
    for (const token of candidates) {
      if (!token || token.length > 200) continue;
      const session = this.repo.sessionByTokenHash(sha256(token));
      const now = this.options.now();
      if (!session || !session.active || session.expiresAt <= now) continue;
      if (session.lastSeenAt + this.idleMs <= now) continue;
      const identity = this.repo.getIdentity(session.identityId);
      if (identity && identity.state === 'active') {
        if (options.touch !== false && now - session.lastSeenAt >= 1000) {
          this.repo.touchSession(session.id, now);
          session.lastSeenAt = now;
        }
        return { session, identity };
      }
    }
    return null;
  }

  /** Starts a session for `identityId` after `method` and sets its cookie. */
  issue(
    req: FastifyRequest,
    reply: FastifyReply,
    identityId: string,
    method: string,
    aal: Aal = 'aal1',
    provider?: string,
  ): SessionRecord {
    const now = this.options.now();
    const token = randomBytes(32).toString('base64url');
    const ua = req.headers['user-agent'];
    const session = this.repo.createSession(
      {
        identityId,
        aal,
        methods: [
          { method, aal, completed_at: new Date(now).toISOString(), ...(provider ? { provider } : {}) },
        ],
        authenticatedAt: now,
        issuedAt: now,
        expiresAt: now + this.lifespanMs,
        lastSeenAt: now,
        ipAddress: req.ip ?? null,
        userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
      },
      sha256(token),
      randomBytes(32).toString('base64url'),
    );
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      maxAge: Math.floor(this.lifespanMs / 1000),
    });
    return session;
  }

  /** Records one more completed factor on the session (re-authentication or a second factor). */
  addMethod(session: SessionRecord, method: string, aal: Aal): SessionRecord {
    const now = this.options.now();
    const methods: AuthMethod[] = [
      ...session.methods,
      { method, aal, completed_at: new Date(now).toISOString() },
    ];
    const newAal: Aal = session.aal === 'aal2' || aal === 'aal2' ? 'aal2' : 'aal1';
    this.repo.updateSessionAuth(session.id, newAal, methods, now);
    return { ...session, aal: newAal, methods, authenticatedAt: now };
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
    });
  }

  /** An identity with TOTP or backup codes must reach aal2 (Kratos `required_aal: highest_available`). */
  hasSecondFactor(identityId: string): boolean {
    if (this.repo.getCredential(identityId, 'totp')) return true;
    // Keys only count where they can be used (a domain-name origin); otherwise the account could never reach aal2.
    if (this.options.rpId && this.webauthnKeys(identityId).length > 0) return true;
    const lookup = this.repo.getCredential<{ recovery_codes: unknown[] }>(identityId, 'lookup_secret');
    return !!lookup && lookup.recovery_codes.length > 0;
  }

  webauthnKeys(identityId: string): StoredWebAuthnCredential[] {
    return this.repo.getCredential<WebAuthnCredentialConfig>(identityId, 'webauthn')?.credentials ?? [];
  }

  /** A login counts as recent ("privileged") for `privilegedMs`: settings may be changed without logging in again. */
  isPrivileged(session: SessionRecord): boolean {
    return session.authenticatedAt + this.privilegedMs > this.options.now();
  }
}
