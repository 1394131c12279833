/** whoami, logout, the error store and the identity schema. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { errors } from '../errors';
import { sessionJson } from '../render';
import { NO_STORE, queryOf } from './common';
import { WEBAUTHN_SCRIPT, WEBAUTHN_SCRIPT_PATH } from '../webauthn/script';

export const IDENTITY_SCHEMA = {
  $id: 'https://schemas.rampart.local/identity/default.schema.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Person',
  type: 'object',
  properties: {
    traits: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          title: 'E-Mail',
          maxLength: 320,
          'ory.sh/kratos': {
            credentials: { password: { identifier: true } },
            verification: { via: 'email' },
            recovery: { via: 'email' },
          },
        },
      },
      required: ['email'],
      additionalProperties: false,
    },
  },
};

const STUB_500_ID = 'stub:500';
const STUB_500 = {
  code: 500,
  status: 'Internal Server Error',
  message: 'This is a stub error.',
  reason: 'This is a stub error.',
};

export function registerSessionRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.get('/sessions/whoami', { config: { jsonOnly: true } }, async (req, reply) => {
    // The console's status check: asking who is signed in does not keep an idle session alive.
    const current = ctx.sessions.current(req, { touch: false });
    if (!current) throw errors.sessionInactive();
    if (current.session.aal === 'aal1' && ctx.sessions.hasSecondFactor(current.identity.id)) {
      throw errors.aal2Required(ctx.urls.url('/self-service/login/browser', { aal: 'aal2' }));
    }
    reply.header('x-kratos-authenticated-identity-id', current.identity.id);
    reply.header('cache-control', NO_STORE);
    return sessionJson(ctx, current.session, current.identity);
  });

  app.get('/self-service/logout/browser', { config: { jsonOnly: true } }, async (req, reply) => {
    const returnTo = ctx.urls.returnTo(req, queryOf(req).return_to);
    const current = ctx.sessions.current(req);
    if (!current) throw errors.sessionInactive();
    const token = ctx.repo.logoutToken(current.session.id);
    if (!token) throw errors.sessionInactive();
    reply.header('cache-control', NO_STORE);
    return {
      logout_url: ctx.urls.url('/self-service/logout', { token, return_to: returnTo ?? undefined }),
      logout_token: token,
    };
  });

  app.get('/self-service/logout', async (req, reply) => {
    const q = queryOf(req);
    const returnTo = ctx.urls.returnTo(req, q.return_to);
    if (!q.token) throw errors.badRequest('Please include a token in the URL query.');
    const session = ctx.repo.sessionByLogoutToken(q.token);
    if (!session)
      throw errors.forbidden(
        'Unable to log out because the logout token in the URL query does not match the session cookie.',
      );
    ctx.repo.revokeSession(session.id);
    ctx.sessions.clearCookie(reply);
    req.log.info({ identityId: session.identityId }, 'identity: logged out');
    if (ctx.isJson(req)) return reply.code(204).send();
    return reply.redirect(returnTo ?? ctx.urls.defaultReturn, 303);
  });

  app.get('/self-service/errors', { config: { jsonOnly: true } }, async (req) => {
    const id = queryOf(req).id;
    // The contract's stub for building an error UI: `?id=stub:500` answers a made-up 500.
    if (id === STUB_500_ID) {
      const at = new Date(ctx.now()).toISOString();
      return { id: randomUUID(), error: STUB_500, created_at: at, updated_at: at };
    }
    const stored = id && /^[0-9a-f-]{36}$/i.test(id) ? ctx.repo.getError(id) : null;
    if (!stored) throw errors.notFound('The error');
    const at = new Date(stored.createdAt).toISOString();
    return { id: stored.id, error: stored.error, created_at: at, updated_at: at };
  });

  app.get('/schemas/:id', { config: { jsonOnly: true } }, async (req) => {
    const { id } = req.params as { id: string };
    if (id !== Buffer.from('default').toString('base64url') && id !== 'default')
      throw errors.notFound('The identity schema');
    return IDENTITY_SCHEMA;
  });

  app.get(WEBAUTHN_SCRIPT_PATH, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    reply.header('cross-origin-resource-policy', 'same-origin');
    return reply.type('text/javascript; charset=utf-8').send(WEBAUTHN_SCRIPT);
  });
}
