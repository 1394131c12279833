/**
 * Console sign-in through providers.
 *
 * Which account a provider's user becomes (the same rules for LDAP and OpenID Connect):
 * 1. an account already linked to this provider's user (provider + subject: LDAP DN, OIDC `sub`);
 * 2. else the account whose e-mail address is the provider's, when the provider vouches for it (OIDC
 *    `email_verified: true`; a directory's `mail` attribute counts as verified: the admin chose the directory) and the
 *    account is linked to no other user of that provider — it is linked now;
 * 3. else, when an account with the mapped user name exists, the sign-in is refused (no take-over by name);
 * 4. else a new account is created (e-mail and full name from the provider, no usable local password) and linked.
 * Accounts created by a provider ("managed") take their role from it on every sign-in: `admin` when the provider's
 * `admin_group` is among the user's groups, `user` otherwise. The mapped groups are kept with the link.
 *
 * OpenID Connect: `GET {auth}/oidc/{id}/start` stores a state (hashed), nonce and PKCE verifier for 10 minutes,
 * binds the state to the browser with an HttpOnly cookie and redirects to the provider; `GET {auth}/oidc/{id}/callback`
 * accepts only its own browser's single-use state, exchanges the code (PKCE), validates the ID token (issuer,
 * audience, signature, nonce) through openid-client and signs the account in with a console session.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generators } from 'openid-client';
import type { MappedUser, OidcSettings } from '../../shared/authentication';
import { checkRedirect, consoleRedirectPolicy, DEFAULT_REDIRECT } from '../../shared/redirectPolicy';
import { publicOrigin } from '../../../config';
import { AuditService, auditText } from '../audit';
import { hashPassword } from '../auth/passwords';
import { createSession, setSessionCookies } from '../auth/sessions';
import { inTransaction, type ApplianceContext } from '../context';
import type { Db } from '../../storage/sqlite';
import { contractRoute } from '../http/contractRoute';
import { oidcCallback, oidcStart } from '../../shared/contracts/authentication';
import { recordLogin } from '../users/history';
import { accountRefusal } from '../users/store';
import { oidcClient } from './oidc';
import { consoleRedirectUri } from './redirect';
import { serviceProviders } from './services';
import { providerKey, providerSecret, type ProviderRow } from './store';
import { oidcLogReason } from '../../service-kit/oidcLogReason';
import { logSignIn, signInLine } from '../../service-kit/signInAudit';

const STATE_COOKIE = 'rampart_oidc_state';
const STATE_TTL_MS = 10 * 60_000;
export const PROVIDER_FAILED_REDIRECT = '/account/login?error=provider_sign_in_failed';
const USERNAME = /^[A-Za-z0-9_.-]{1,64}$/;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Whether an account signs in through a provider (then the local password does not apply to it). */
export function isLinked(db: Db, userId: number): boolean {
  return !!db.prepare('SELECT 1 FROM provider_accounts WHERE user_id = ?').get(userId);
}

export class SignInRefused extends Error {}

/** Finds or creates the account of a provider's user (rules above); returns its id. */
export async function accountFor(
  ctx: ApplianceContext,
  provider: ProviderRow,
  user: MappedUser,
  emailVerified: boolean,
): Promise<number> {
  const { db } = ctx;
  const adminGroup = (provider.ldap?.admin_group ?? provider.oidc?.admin_group ?? '').trim();
  const role = adminGroup && user.groups.includes(adminGroup) ? 'admin' : 'user';
  const now = ctx.now();
  const linked = db
    .prepare('SELECT user_id, managed FROM provider_accounts WHERE provider_id = ? AND subject = ?')
    .get(provider.id, user.subject) as { user_id: number; managed: number } | undefined;
  if (linked) {
    inTransaction(db, () => {
      db.prepare(
        'UPDATE provider_accounts SET groups = ?, last_login = ? WHERE provider_id = ? AND subject = ?',
      ).run(JSON.stringify(user.groups), now, provider.id, user.subject);
      if (linked.managed) db.prepare('UPDATE users SET role = ? WHERE id = ?').run(role, linked.user_id);
    });
    return linked.user_id;
  }
  const link = (userId: number, managed: boolean) =>
    db
      .prepare(
        'INSERT INTO provider_accounts (provider_id, subject, user_id, managed, groups, last_login) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(provider.id, user.subject, userId, managed ? 1 : 0, JSON.stringify(user.groups), now);
  if (user.email && emailVerified) {
    const byEmail = db
      .prepare(
        `SELECT id FROM users WHERE email = ? COLLATE NOCASE
           AND id NOT IN (SELECT user_id FROM provider_accounts WHERE provider_id = ?)`,
      )
      .all(user.email, provider.id) as Array<{ id: number }>;
    if (byEmail.length === 1) {
      inTransaction(db, () => link(byEmail[0].id, false));
      ctx.audit.record(
        AuditService.auth,
        `account "${auditText(user.username)}" linked to provider "${auditText(provider.name)}" by its verified e-mail`,
      );
      return byEmail[0].id;
    }
  }
  if (!USERNAME.test(user.username))
    throw new SignInRefused(
      `the provider's user name "${auditText(user.username)}" is not a valid account name`,
    );
  if (db.prepare('SELECT 1 FROM users WHERE username = ?').get(user.username))
    throw new SignInRefused(
      `an account named "${auditText(user.username)}" exists and is not linked to this provider`,
    );
  // No usable local password: a random one nobody knows.
  const hash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const id = inTransaction(db, () => {
    const res = db
      .prepare(
        'INSERT INTO users (username, password_hash, role, email, full_name, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(user.username, hash, role, user.email.slice(0, 254), user.name.slice(0, 128), now);
    const newId = Number(res.lastInsertRowid);
    link(newId, true);
    return newId;
  });
  ctx.audit.record(
    AuditService.auth,
    `account "${auditText(user.username)}" created by provider "${auditText(provider.name)}" (${role})`,
  );
  return id;
}

/** Enabled OpenID providers the console service uses, in its order. */
export function consoleOidcProviders(db: Db): ProviderRow[] {
  return serviceProviders(db, 'console').filter((p) => p.enabled && p.type === 'oidc');
}

/** The console's `/setup` entries for them: one `oauth` login method (a button) per provider. */
export function consoleOidcLoginMethods(ctx: ApplianceContext) {
  return consoleOidcProviders(ctx.db).map((p) => ({
    type: 'oauth' as const,
    provider: p.name,
    login_url: `${ctx.authPrefix}/oidc/${p.id}/start`,
  }));
}

const claimString = (claims: Record<string, unknown>, name: string): string => {
  const v = name ? claims[name] : undefined;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};

const claimList = (claims: Record<string, unknown>, name: string): string[] => {
  const v = name ? claims[name] : undefined;
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' ? [v] : [];
};

export function mapOidcClaims(s: OidcSettings, claims: Record<string, unknown>): MappedUser {
  return {
    subject: claimString(claims, 'sub'),
    username: claimString(claims, s.username_claim),
    email: claimString(claims, s.email_claim),
    name: claimString(claims, s.name_claim),
    groups: claimList(claims, s.groups_claim),
  };
}

export function registerOidcLogin(scope: FastifyInstance, ctx: ApplianceContext): void {
  const { db, config } = ctx;
  const redirects = consoleRedirectPolicy(publicOrigin(config), config);
  const redirectUri = (id: number) => consoleRedirectUri(ctx, id);
  const cookiePath = `${ctx.authPrefix}/oidc/`;
  // The auth scope's prefix holds the contracts' `auth/`.
  const under = 'auth/';

  const usable = (id: string): ProviderRow | null =>
    consoleOidcProviders(db).find((p) => p.id === Number(id)) ?? null;

  /** OpenID sign-ins of the console, in the audit trail with the browser's address (src/service-kit/signInAudit.ts). */
  const note = (req: FastifyRequest, ok: boolean, event: string, name: string | null, reason: string) => {
    const fields = { service: 'console', method: 'oidc', source: req.ip } as const;
    const line = signInLine(event, name, fields, reason);
    ctx.audit.record(AuditService.auth, line);
    logSignIn(req.log, ok ? 'info' : 'warn', line, fields, ok ? 'succeeded' : 'failed');
  };
  const fail = (req: FastifyRequest, reply: FastifyReply, why: string) => {
    note(req, false, 'provider sign-in failed', null, why);
    return reply.clearCookie(STATE_COOKIE, { path: cookiePath }).redirect(PROVIDER_FAILED_REDIRECT, 303);
  };

  contractRoute(
    scope,
    oidcStart,
    // Anyone may start signing in through a provider.
    { access: 'public' },
    async (req, reply) => {
      const provider = usable(req.params.id);
      if (!provider?.oidc)
        return fail(req, reply, `provider ${req.params.id} is not offered for the console`);
      let url: string;
      const state = generators.state();
      const nonce = generators.nonce();
      const verifier = generators.codeVerifier();
      try {
        const client = await oidcClient(
          provider.oidc,
          providerSecret(db, providerKey(db, config.dataDir), provider.id),
          redirectUri(provider.id),
        );
        url = client.authorizationUrl({
          scope: provider.oidc.scopes.join(' '),
          state,
          nonce,
          code_challenge: generators.codeChallenge(verifier),
          code_challenge_method: 'S256',
        });
      } catch (e) {
        req.log.warn(oidcLogReason(e), 'OpenID provider unavailable');
        return fail(req, reply, `provider "${provider.name}" is unavailable`);
      }
      const now = ctx.now();
      inTransaction(db, () => {
        db.prepare('DELETE FROM oidc_login_states WHERE expires_at < ?').run(now);
        db.prepare(
          'INSERT INTO oidc_login_states (state_hash, provider_id, nonce, verifier, return_to, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(
          sha256(state),
          provider.id,
          nonce,
          verifier,
          checkRedirect(req.query.return_to, redirects) ?? DEFAULT_REDIRECT,
          now + STATE_TTL_MS,
        );
      });
      return reply
        .setCookie(STATE_COOKIE, state, {
          path: cookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.secureCookies,
          maxAge: STATE_TTL_MS / 1000,
        })
        .redirect(url, 303);
    },
    { under },
  );

  contractRoute(
    scope,
    oidcCallback,
    // The callback proves itself (state, PKCE, nonce).
    { access: 'public' },
    async (req, reply) => {
      const state = typeof req.query.state === 'string' ? req.query.state : '';
      const cookie = req.cookies[STATE_COOKIE] ?? '';
      // The state must be this browser's own (login CSRF) and is used once.
      if (!state || state !== cookie) return fail(req, reply, 'the sign-in did not start in this browser');
      const row = inTransaction(db, () => {
        const r = db.prepare('SELECT * FROM oidc_login_states WHERE state_hash = ?').get(sha256(state)) as
          | { provider_id: number; nonce: string; verifier: string; return_to: string; expires_at: number }
          | undefined;
        if (r) db.prepare('DELETE FROM oidc_login_states WHERE state_hash = ?').run(sha256(state));
        return r;
      });
      if (!row || row.expires_at < ctx.now() || row.provider_id !== Number(req.params.id))
        return fail(req, reply, 'the sign-in expired or is unknown');
      const provider = usable(req.params.id);
      if (!provider?.oidc)
        return fail(req, reply, `provider ${req.params.id} is not offered for the console`);
      let mapped: MappedUser;
      let verified: boolean;
      try {
        const client = await oidcClient(
          provider.oidc,
          providerSecret(db, providerKey(db, config.dataDir), provider.id),
          redirectUri(provider.id),
        );
        const params = client.callbackParams(req.raw);
        const tokens = await client.callback(redirectUri(provider.id), params, {
          state,
          nonce: row.nonce,
          code_verifier: row.verifier,
        });
        let claims: Record<string, unknown> = tokens.claims();
        // Claims missing from the ID token are asked of the userinfo endpoint.
        if (!claims[provider.oidc.username_claim] && tokens.access_token)
          claims = { ...(await client.userinfo(tokens.access_token)), ...claims };
        mapped = mapOidcClaims(provider.oidc, claims);
        verified = claims.email_verified === true;
      } catch (e) {
        req.log.warn(oidcLogReason(e), 'OpenID sign-in failed');
        return fail(req, reply, `provider "${provider.name}" did not complete the sign-in`);
      }
      let userId: number;
      try {
        userId = await accountFor(ctx, provider, mapped, verified);
      } catch (e) {
        if (e instanceof SignInRefused) return fail(req, reply, e.message);
        throw e;
      }
      const account = db.prepare('SELECT username FROM users WHERE id = ?').get(userId) as {
        username: string;
      };
      const history = (success: boolean) =>
        recordLogin(db, {
          username: account.username,
          source: req.ip,
          method: 'oidc',
          success,
          at: ctx.now(),
        });
      const refusal = accountRefusal(db, userId, ctx.now());
      if (refusal) {
        history(false);
        return fail(req, reply, `account "${auditText(account.username)}" is ${refusal}`);
      }
      const kind = config.bearerMode ? 'bearer' : 'cookie';
      const session = inTransaction(db, () => createSession(ctx, userId, kind));
      setSessionCookies(ctx, reply, session.token, kind, session.maxAge);
      history(true);
      note(req, true, 'login succeeded', account.username, `through provider "${provider.name}"`);
      return reply.clearCookie(STATE_COOKIE, { path: cookiePath }).redirect(row.return_to, 303);
    },
    { under },
  );
}
