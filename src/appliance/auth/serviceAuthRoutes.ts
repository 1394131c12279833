/**
 * Sign-in of the SSH and API services, through their own provider lists (serviceAuth.ts):
 *
 * - `POST {auth}/token` (public route; authenticates itself): form or JSON `username`, `password`, optional `otp`;
 *   answers `{access_token, token_type: 'Bearer', expires_in}` with `Cache-Control: no-store` and sets no cookie.
 *   The token is a bearer session (`Authorization: Bearer …`) of `BEARER_TTL_S` at most. Rate limited per address
 *   and counted by the lockout under the API service.
 * - `POST {auth}/internal/ssh-auth`: what the generated PAM helper (src/appliance/ssh/pam.ts) asks at each SSH
 *   password login. Not a public route: only a loopback peer (the socket's address, never a forwarded one; requests
 *   carrying `X-Forwarded-For` or `Forwarded` came through a proxy and are refused) presenting the per-install
 *   secret of `etc/ssh/rampart-ssh-auth.secret` in `X-Rampart-SSH-Auth` gets past its first hook (403 otherwise).
 *   JSON `{username, password, rhost}`; 204 when the SSH service's providers accept the account, the login answers
 *   (401, 403, 429) otherwise. The lockout counts the SSH client's address (`rhost`), not the helper's.
 *
 * Neither sets or reads a cookie, so neither needs the XSRF header from a client that sends no cookie (http/xsrf.ts).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_PATH } from '../../shared/http';
import { inTransaction, type ApplianceContext } from '../context';
import { contractRoute, type ContractRouteConfig } from '../http/contractRoute';
import { issueToken, sshAuthenticate } from '../../shared/contracts/authentication';
import { serviceAuthenticator } from './serviceAuth';
import { createSession } from './sessions';
import { sshAuthSecret } from './sshHelperSecret';

export { TOKEN_PATH };
export const SSH_AUTH_PATH = '/internal/ssh-auth';
export const SSH_AUTH_HEADER = 'x-rampart-ssh-auth';

/**
 * Why the two routes here set and read no cookie (http/xsrf.ts): their only effect is the answer, which another site
 * cannot read, and no session cookie can be planted through them; so a caller without any Cookie header (a program,
 * the SSH helper) has no ambient credential and needs no XSRF header.
 */
const COOKIELESS_REASON = 'a program’s sign-in: its only effect is the answer, and it sets no session cookie';

/** A peer on this machine: IPv4 loopback (127/8, also IPv4-mapped) or IPv6 `::1`. */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const sameSecret = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

export function registerServiceAuthRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  limited: Record<string, unknown>,
): void {
  const auth = serviceAuthenticator(ctx);

  // The auth scope's prefix holds the contracts' `auth/`.
  const under = 'auth/';

  contractRoute(
    scope,
    issueToken,
    // Authenticates its caller itself; answers only its body.
    { ...limited, access: 'public', cookieless: COOKIELESS_REASON } as ContractRouteConfig,
    async (req, reply) => {
      const user = await auth.signIn('api', { source: req.ip, log: req.log }, req.body);
      const session = inTransaction(ctx.db, () => createSession(ctx, user.id, 'bearer'));
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return { access_token: session.token, token_type: 'Bearer' as const, expires_in: session.maxAge };
    },
    { under },
  );

  /** Refuses anyone but the helper on this machine, before the body is read. */
  async function internalOnly(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const presented = req.headers[SSH_AUTH_HEADER];
    const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    const secret = sshAuthSecret(ctx.config.dataDir);
    if (
      proxied ||
      !isLoopbackPeer(req.raw.socket.remoteAddress) ||
      typeof presented !== 'string' ||
      !secret ||
      !sameSecret(presented, secret)
    ) {
      req.log.warn({ peer: req.raw.socket.remoteAddress }, 'internal SSH authentication call refused');
      await reply.code(403).send({ detail: 'This endpoint is internal to the appliance' });
    }
  }

  contractRoute(
    scope,
    sshAuthenticate,
    // The SSH helper proves itself (loopback and the per-install secret: internalOnly).
    { access: 'public', cookieless: COOKIELESS_REASON },
    async (req, reply) => {
      const { username, password, rhost } = req.body;
      await auth.signIn('ssh', { source: rhost || 'unknown', log: req.log }, { username, password });
      return reply.code(204).send();
    },
    { under, onRequest: internalOnly },
  );
}
