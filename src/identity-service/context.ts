/**
 * What every flow handler shares: storage, URLs, the anti-CSRF cookie, sessions and the JSON-or-redirect answer.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { CsrfGuard } from './csrf';
import { IdentityError, errors } from './errors';
import { isJsonRequest } from './negotiate';
import type { Provider } from './providers';
import { allowedRedirect, identityRedirectPolicy } from './redirect';
import type { RedirectPolicy } from '../shared/redirectPolicy';
import {
  IdentityRepo,
  sha256,
  type Aal,
  type AuthMethod,
  type FlowKind,
  type FlowRecord,
  type IdentityRecord,
  type SessionRecord,
} from './repo';
import type { Courier } from './courier';
import type { IdentityLimits } from './rateLimit';
import type { UiText } from './text';
import { rpIdFor, type StoredWebAuthnCredential } from './webauthn/ceremony';

export interface WebAuthnCredentialConfig {
  /** base64url user handle given to authenticators for this account */
  user_handle: string;
  credentials: StoredWebAuthnCredential[];
}

export const SESSION_COOKIE = 'ory_kratos_session';
const MINUTE = 60_000;
/**
 * Flows live 1 h (Kratos' default). Sessions follow the console's configuration: they end `sessionMaxSeconds` after
 * sign-in and `sessionIdleSeconds` after their owner's last request; a login counts as recent ("privileged",
 * Kratos' `privileged_session_max_age`) for `reauthMaxAgeSeconds`.
 */
export const FLOW_LIFESPAN_MS = 60 * MINUTE;
export const CODE_LIFESPAN_MS = 15 * MINUTE;

/** Console pages the service sends browsers to (the account screens). */
export const UI_PATHS: Record<FlowKind | 'error', string> = {
  login: '/login/',
  registration: '/signup/',
  recovery: '/recovery/',
  verification: '/verification/',
  settings: '/settings/',
  error: '/error/',
};

export interface Body {
  [name: string]: string;
}

/** Flattens a JSON body (`{traits:{email}}`) to the form field names (`traits.email`). */
export function normalizeBody(raw: unknown): Body {
  const out: Body = {};
  const walk = (value: unknown, prefix: string) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        walk(v, prefix ? `${prefix}.${k}` : k);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[prefix] = String(value);
    }
  };
  walk(raw, '');
  return out;
}

export interface CurrentSession {
  session: SessionRecord;
  identity: IdentityRecord;
}

export class ServiceContext {
  readonly publicBase: string;
  readonly consoleOrigin: string;
  readonly csrfCookie: string;
  readonly csrf: CsrfGuard;
  readonly secure: boolean;
  /** Where `return_to` may lead (the console's one redirect policy). */
  readonly redirects: RedirectPolicy;
  /** WebAuthn relying party: the console's host name; null on an IP-address origin, where browsers refuse WebAuthn. */
  readonly rpId: string | null;

  constructor(
    readonly config: Config,
    origin: string,
    readonly repo: IdentityRepo,
    readonly courier: Courier,
    readonly limiter: IdentityLimits,
    readonly providers: Provider[],
    readonly log: FastifyBaseLogger,
  ) {
    this.consoleOrigin = origin.replace(/\/+$/, '');
    const base = /^https?:\/\//.test(config.identityBase)
      ? config.identityBase
      : this.consoleOrigin + config.identityBase;
    this.publicBase = base.replace(/\/+$/, '');
    this.secure = this.publicBase.startsWith('https://');
    this.csrf = new CsrfGuard(this.publicBase, this.secure);
    this.csrfCookie = this.csrf.cookieName;
    this.redirects = identityRedirectPolicy(
      this.consoleOrigin,
      this.publicBase,
      config.redirectOrigins ?? [],
    );
    this.rpId = rpIdFor(this.consoleOrigin);
  }

  now(): number {
    return Date.now();
  }

  /** Absolute lifetime of a session. */
  get sessionLifespanMs(): number {
    return this.config.sessionMaxSeconds * 1000;
  }

  /** Idle timeout of a session. */
  get idleMs(): number {
    return this.config.sessionIdleSeconds * 1000;
  }

  /** How long a login counts as recent for privileged settings (password, second factors, e-mail). */
  get privilegedMs(): number {
    return this.config.reauthMaxAgeSeconds * 1000;
  }

  ui(kind: FlowKind | 'error', query?: Record<string, string>): string {
    const url = new URL(UI_PATHS[kind], this.consoleOrigin + '/');
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url.toString();
  }

  get defaultReturn(): string {
    return this.consoleOrigin + '/';
  }

  url(path: string, query?: Record<string, string | undefined>): string {
    const url = new URL(this.publicBase + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  }

  isJson(req: FastifyRequest): boolean {
    return isJsonRequest(req.headers);
  }

  /** Validates a `return_to`; refuses (and logs) anything outside the console and the configured identity origins. */
  returnTo(req: FastifyRequest, raw: unknown): string | null {
    if (raw === undefined || raw === '') return null;
    const target = typeof raw === 'string' ? raw : '';
    const ok = allowedRedirect(target, this.redirects);
    if (!ok) {
      req.log.warn(
        { returnTo: target.slice(0, 300), ip: req.ip },
        'identity: refused redirect target outside the allowed origins',
      );
      throw errors.returnToForbidden(target.length > 300 ? `${target.slice(0, 300)}…` : target);
    }
    return ok;
  }

  // Anti-CSRF ------------------------------------------------------------------------------------------------------

  /** The browser's anti-CSRF token: reused from its cookie, or minted and set (csrf.ts). */
  csrfToken(req: FastifyRequest, reply: FastifyReply): string {
    return this.csrf.token(req, reply);
  }

  checkCsrfCookie(req: FastifyRequest, flow: FlowRecord): void {
    this.csrf.checkCookie(req, flow);
  }

  checkCsrfSubmit(req: FastifyRequest, flow: FlowRecord, body: Body): void {
    this.csrf.checkSubmit(req, flow, body.csrf_token);
  }

  // Flows ----------------------------------------------------------------------------------------------------------

  newFlow(
    req: FastifyRequest,
    reply: FastifyReply,
    kind: FlowKind,
    init: Partial<Pick<FlowRecord, 'state' | 'identityId' | 'returnTo' | 'data'>> & {
      csrfToken?: string;
    } = {},
  ): FlowRecord {
    const now = this.now();
    const flow: FlowRecord = {
      id: randomUUID(),
      kind,
      type: 'browser',
      state: init.state ?? (kind === 'settings' ? 'show_form' : 'choose_method'),
      identityId: init.identityId ?? null,
      csrfToken: init.csrfToken ?? this.csrfToken(req, reply),
      requestUrl: new URL(req.url, this.consoleOrigin).toString(),
      returnTo: init.returnTo ?? null,
      issuedAt: now,
      expiresAt: now + FLOW_LIFESPAN_MS,
      data: {
        messages: [],
        fieldMessages: {},
        values: {},
        ...(kind === 'login' || kind === 'settings'
          ? { webauthnChallenge: randomBytes(32).toString('base64url') }
          : {}),
        ...(init.data ?? {}),
      },
    };
    this.repo.insertFlow(flow);
    if (Math.random() < 0.05) this.repo.pruneFlows(now);
    return flow;
  }

  loadFlow(id: unknown, kind: FlowKind): FlowRecord {
    const flow = typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? this.repo.getFlow(id) : null;
    if (!flow || flow.kind !== kind)
      throw errors.notFound(
        `The ${kind} flow ${typeof id === 'string' ? JSON.stringify(id.slice(0, 64)) : ''}`.trim(),
      );
    return flow;
  }

  isExpired(flow: FlowRecord): boolean {
    return flow.expiresAt <= this.now();
  }

  /** Clears last round's messages before a submit is processed. */
  resetMessages(flow: FlowRecord): void {
    flow.data.messages = [];
    flow.data.fieldMessages = {};
  }

  fieldError(flow: FlowRecord, name: string, message: UiText): void {
    (flow.data.fieldMessages[name] ??= []).push(message);
  }

  // Sessions -------------------------------------------------------------------------------------------------------

  /**
   * The session of the cookie, or of a session token (`X-Session-Token`, `Authorization: Bearer`) as Kratos accepts.
   * The first candidate that names a live session wins, so an unrelated bearer token (the appliance API's, in bearer
   * mode) does not hide the session cookie.
   */
  currentSession(req: FastifyRequest, options: { touch?: boolean } = {}): CurrentSession | null {
    const header = req.headers['x-session-token'];
    const auth = req.headers.authorization;
    const bearer =
      typeof auth === 'string' && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, '').trim() : '';
    const candidates = [typeof header === 'string' ? header : '', req.cookies[SESSION_COOKIE] ?? '', bearer];
    for (const token of candidates) {
      if (!token || token.length > 200) continue;
      const session = this.repo.sessionByTokenHash(sha256(token));
      const now = this.now();
      if (!session || !session.active || session.expiresAt <= now) continue;
      if (session.lastSeenAt + this.idleMs <= now) continue;
      const identity = this.repo.getIdentity(session.identityId);
      if (identity && identity.state === 'active') {
        // A request of the owner (whoami, the status check, does not count): the idle timeout starts again.
        if (options.touch !== false && now - session.lastSeenAt >= 1000) {
          this.repo.touchSession(session.id, now);
          session.lastSeenAt = now;
        }
        return { session, identity };
      }
    }
    return null;
  }

  issueSession(
    req: FastifyRequest,
    reply: FastifyReply,
    identityId: string,
    method: string,
    aal: Aal = 'aal1',
  ): SessionRecord {
    const now = this.now();
    const token = randomBytes(32).toString('base64url');
    const ua = req.headers['user-agent'];
    const session = this.repo.createSession(
      {
        identityId,
        aal,
        methods: [{ method, aal, completed_at: new Date(now).toISOString() }],
        authenticatedAt: now,
        issuedAt: now,
        expiresAt: now + this.sessionLifespanMs,
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
      secure: this.secure,
      maxAge: Math.floor(this.sessionLifespanMs / 1000),
    });
    return session;
  }

  /** Records one more completed factor on the session (re-authentication or a second factor). */
  addMethod(session: SessionRecord, method: string, aal: Aal): SessionRecord {
    const now = this.now();
    const methods: AuthMethod[] = [
      ...session.methods,
      { method, aal, completed_at: new Date(now).toISOString() },
    ];
    const newAal: Aal = session.aal === 'aal2' || aal === 'aal2' ? 'aal2' : 'aal1';
    this.repo.updateSessionAuth(session.id, newAal, methods, now);
    return { ...session, aal: newAal, methods, authenticatedAt: now };
  }

  clearSessionCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.secure });
  }

  /** An identity with TOTP or backup codes must reach aal2 (Kratos `required_aal: highest_available`). */
  hasSecondFactor(identityId: string): boolean {
    if (this.repo.getCredential(identityId, 'totp')) return true;
    // Keys only count where they can be used (a domain-name origin); otherwise the account could never reach aal2.
    if (this.rpId && this.webauthnKeys(identityId).length > 0) return true;
    const lookup = this.repo.getCredential<{ recovery_codes: unknown[] }>(identityId, 'lookup_secret');
    return !!lookup && lookup.recovery_codes.length > 0;
  }

  webauthnKeys(identityId: string): StoredWebAuthnCredential[] {
    return this.repo.getCredential<WebAuthnCredentialConfig>(identityId, 'webauthn')?.credentials ?? [];
  }

  requiredAal(identityId: string): Aal {
    return this.hasSecondFactor(identityId) ? 'aal2' : 'aal1';
  }

  isPrivileged(session: SessionRecord): boolean {
    return session.authenticatedAt + this.privilegedMs > this.now();
  }

  // Answers --------------------------------------------------------------------------------------------------------

  /** Error page for plain browsers: the error is stored and the browser sent to the error UI. */
  browserError(reply: FastifyReply, err: IdentityError): FastifyReply {
    const id = this.repo.insertError(err.toBody().error, this.now());
    return reply.redirect(this.ui('error', { id }), 303);
  }
}
