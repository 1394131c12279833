/**
 * The signed-in console account's own security keys (under the API base):
 * - `GET  users/me/second-factors/webauthn`: the keys (name, added, last used).
 * - `POST users/me/second-factors/webauthn/options`: starts a registration; answers a ticket and the options for
 *   `navigator.credentials.create()` (challenge, RP ID = the console's host name, the keys already registered).
 * - `POST users/me/second-factors/webauthn`: `{ticket, name, credential}`, the browser's answer; stores the key.
 * - `DELETE users/me/second-factors/webauthn/:id`: removes one of the account's own keys.
 * The writes need a recent sign-in or re-authentication (`reauth: true` on the routes, http/routeAccess.ts), so removing a key (the last factor included) asks for the password again on an older session.
 * Registrations and removals are audited like the authenticator app's set-up.
 */
import type { FastifyInstance } from 'fastify';
import { AuditService, auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { contractRoute } from '../http/contractRoute';
import {
  addSecurityKey,
  listMySecurityKeys,
  removeSecurityKey as removeSecurityKeyEndpoint,
  startSecurityKeyRegistration,
  type SecurityKeyRegistration,
} from '../../shared/contracts/authentication';
import {
  ceremonyOrigin,
  completeRegistration,
  listSecurityKeys,
  NO_RP_ID,
  registrationOptions,
  removeSecurityKey,
  SECURITY_KEYS_MAX,
  takeCeremony,
  WebAuthnError,
} from './securityKeys';

export function registerSecurityKeyRoutes(scope: FastifyInstance, ctx: ApplianceContext): void {
  const { db, audit } = ctx;

  contractRoute(scope, listMySecurityKeys, { access: 'session' }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { data: listSecurityKeys(db, currentUser(req).id) };
  });

  contractRoute(
    scope,
    startSecurityKeyRegistration,
    { access: 'session', reauth: true },
    async (req, reply) => {
      const me = currentUser(req);
      const where = ceremonyOrigin(ctx, req);
      if (!where) throw new HttpError(409, NO_RP_ID);
      if (listSecurityKeys(db, me.id).length >= SECURITY_KEYS_MAX)
        throw new HttpError(
          409,
          `An account keeps at most ${SECURITY_KEYS_MAX} security keys; remove one first`,
        );
      const options = inTransaction(db, () =>
        registrationOptions(
          ctx,
          { id: me.id, username: me.username, sessionHash: me.session.tokenHash },
          where,
        ),
      );
      void reply.header('cache-control', 'no-store');
      // The options of service-kit/webauthn.ts `creationOptions`, as the contract states them.
      return options as SecurityKeyRegistration;
    },
  );

  contractRoute(scope, addSecurityKey, { access: 'session', reauth: true }, async (req, reply) => {
    const me = currentUser(req);
    const ceremony = inTransaction(db, () => takeCeremony(ctx, req.body.ticket, 'register'));
    // A ceremony of another account or session is as good as none.
    if (!ceremony || ceremony.user_id !== me.id || ceremony.session_hash !== me.session.tokenHash)
      throw new HttpError(422, [
        {
          loc: ['body', 'ticket'],
          msg: 'This registration has expired; add the security key again',
          type: 'value_error.expired',
        },
      ]);
    let key;
    try {
      key = await completeRegistration(ctx, ceremony, req.body.credential, req.body.name ?? '');
    } catch (e) {
      if (!(e instanceof WebAuthnError)) throw e;
      audit.record(
        AuditService.auth,
        `security key registration by "${auditText(me.username)}" refused: ${auditText(e.message, 200)}`,
      );
      throw new HttpError(422, [
        { loc: ['body', 'credential'], msg: e.message, type: 'value_error.webauthn' },
      ]);
    }
    audit.record(
      AuditService.auth,
      `second factor (security key "${auditText(key.name)}") added by "${auditText(me.username)}"`,
    );
    return reply.code(201).send(key);
  });

  contractRoute(scope, removeSecurityKeyEndpoint, { access: 'session', reauth: true }, async (req, reply) => {
    const me = currentUser(req);
    const removed = inTransaction(db, () => removeSecurityKey(db, me.id, Number(req.params.id)));
    // Another account's key is not found either: its existence is not told.
    if (!removed) throw new HttpError(404, 'You have no such security key');
    audit.record(
      AuditService.auth,
      `second factor (security key "${auditText(removed.name)}") removed by "${auditText(me.username)}"`,
    );
    return reply.code(204).send();
  });
}
