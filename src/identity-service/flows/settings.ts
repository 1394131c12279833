/** Settings: profile (e-mail), password, TOTP link/unlink, backup codes (reveal, regenerate, confirm, disable). */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generateSecret } from 'otplib';
import type { ServiceContext } from '../context';
import type { CurrentSession, WebAuthnCredentialConfig } from '../sessions';
import { errors } from '../errors';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, hashPassword, passwordPolicy, verifyPassword } from '../password';
import {
  canUnlink,
  flowJson,
  linkedProviders,
  totpUri,
  type LookupCredential,
  type TotpCredential,
} from '../render';
import type { FlowRecord } from '../repo';
import { MSG, uiText } from '../text';
import { loadFetchedFlow, loadSubmitFlow, NO_STORE, queryOf, sendFlow } from './common';
import { checkTotp } from './login';
import { startOidc } from './oidc';
import { startVerification } from './verification';
import { verifyRegistration, WebAuthnError } from '../../service-kit/webauthn';
import { DEFAULT_SECURITY_KEY_NAME } from '../../shared/securityKeys';

const LOOKUP_CODE_COUNT = 12;
const LOOKUP_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newLookupCodes(): string[] {
  return Array.from({ length: LOOKUP_CODE_COUNT }, () =>
    Array.from({ length: 8 }, () => LOOKUP_ALPHABET[randomInt(0, LOOKUP_ALPHABET.length)]).join(''),
  );
}

export function registerSettings(app: FastifyInstance, ctx: ServiceContext): void {
  /** The session the settings act on; aal2 when the identity has a second factor. */
  function requireSession(req: FastifyRequest, returnTo: string): CurrentSession {
    const current = ctx.sessions.current(req);
    if (!current)
      throw errors.sessionInactive(ctx.urls.url('/self-service/login/browser', { return_to: returnTo }));
    if (current.session.aal === 'aal1' && ctx.sessions.hasSecondFactor(current.identity.id)) {
      throw errors.aal2Required(
        ctx.urls.url('/self-service/login/browser', { aal: 'aal2', return_to: returnTo }),
      );
    }
    return current;
  }

  const init = async (req: FastifyRequest, reply: FastifyReply) => {
    const returnTo = ctx.urls.returnTo(req, queryOf(req).return_to);
    const current = requireSession(req, ctx.urls.ui('settings'));
    const flow = ctx.flows.create(req, reply, 'settings', {
      identityId: current.identity.id,
      returnTo,
      data: { messages: [], fieldMessages: {}, values: {} },
    });
    prepareTotp(flow);
    return sendFlow(ctx, req, reply, flow);
  };
  app.get('/self-service/settings/browser', init);
  app.get('/self-service/settings/browser/', init);

  const fetch = async (req: FastifyRequest, reply: FastifyReply) => {
    const flow = loadFetchedFlow(ctx, req, 'settings');
    const current = requireSession(req, ctx.urls.ui('settings', { flow: flow.id }));
    if (current.identity.id !== flow.identityId) throw errors.identityMismatch();
    return reply.header('cache-control', NO_STORE).send(await flowJson(ctx, flow));
  };
  app.get('/self-service/settings/flows', { config: { jsonOnly: true } }, fetch);
  app.get('/self-service/settings/flows/', { config: { jsonOnly: true } }, fetch);

  /** A TOTP secret is offered while no authenticator is linked. */
  function prepareTotp(flow: FlowRecord): void {
    if (!flow.identityId) return;
    const linked = !!ctx.repo.getCredential(flow.identityId, 'totp');
    if (linked) delete flow.data.totpSecret;
    else flow.data.totpSecret ??= generateSecret();
    ctx.repo.saveFlow(flow);
  }

  app.post('/self-service/settings', async (req, reply) => {
    const { flow, body } = loadSubmitFlow(ctx, req, reply, 'settings');
    const current = requireSession(req, ctx.urls.ui('settings', { flow: flow.id }));
    if (current.identity.id !== flow.identityId) throw errors.identityMismatch();
    const identity = current.identity;
    const now = ctx.now();
    const requirePrivileged = () => {
      if (!ctx.sessions.isPrivileged(current.session)) {
        throw errors.refreshRequired(
          ctx.urls.url('/self-service/login/browser', {
            refresh: 'true',
            return_to: ctx.urls.ui('settings', { flow: flow.id }),
          }),
        );
      }
    };
    const saved = async () => {
      flow.state = 'success';
      flow.data.messages.push(uiText(MSG.settingsSaved));
      prepareTotp(flow);
      return sendFlow(ctx, req, reply, flow, 200);
    };
    const invalid = () => sendFlow(ctx, req, reply, flow, 400);
    flow.data.values = {};
    flow.data.lookupReveal = false;

    // A native post from the WebAuthn script carries the result field but maybe no `method`.
    const method =
      body.method ||
      (body.webauthn_register || body.webauthn_remove ? 'webauthn' : body.link || body.unlink ? 'oidc' : '');
    switch (method) {
      case 'oidc': {
        requirePrivileged();
        if (body.link) return startOidc(ctx, req, reply, flow, body.link);
        const provider = ctx.providers.find((p) => p.kind === 'oidc' && p.id === body.unlink);
        if (!provider || !linkedProviders(ctx, identity.id).includes(provider.id)) break;
        if (!canUnlink(ctx, identity.id)) {
          flow.data.messages.push(
            uiText(MSG.validationGeneric, {
              reason: `${provider.name} is the only way to sign in to this account. Set a password first, then unlink it.`,
            }),
          );
          return invalid();
        }
        ctx.repo.unlinkOidc(identity.id, provider.id, now);
        req.log.info({ identityId: identity.id, provider: provider.id }, 'identity: provider unlinked');
        return saved();
      }
      case 'profile': {
        const email = (body['traits.email'] ?? '').trim();
        flow.data.values = { 'traits.email': email };
        if (!email) ctx.flows.fieldError(flow, 'traits.email', uiText(MSG.required, { property: 'email' }));
        else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
          ctx.flows.fieldError(
            flow,
            'traits.email',
            uiText(MSG.validationGeneric, {
              reason: `${JSON.stringify(email.slice(0, 100))} is not valid "email"`,
            }),
          );
        }
        if (Object.keys(flow.data.fieldMessages).length > 0) return invalid();
        const changed = email.toLowerCase() !== identity.traits.email.toLowerCase();
        if (changed) {
          requirePrivileged(); // the e-mail is the sign-in identifier
          if (ctx.repo.emailTaken(email, identity.id)) {
            flow.data.messages.push(uiText(MSG.duplicateCredentials));
            return invalid();
          }
        }
        ctx.repo.updateEmail(identity.id, email, now);
        flow.data.values = {};
        if (changed) {
          const verification = await startVerification(ctx, req, reply, email, null, flow.csrfToken);
          flow.data.continueWith = [
            {
              action: 'show_verification_ui',
              flow: {
                id: verification.id,
                verifiable_address: email.toLowerCase(),
                url: ctx.urls.ui('verification', { flow: verification.id }),
              },
            },
          ];
        }
        return saved();
      }
      case 'password': {
        requirePrivileged();
        const password = body.password ?? '';
        if (!password) ctx.flows.fieldError(flow, 'password', uiText(MSG.required, { property: 'password' }));
        else {
          const policy = passwordPolicy(password, identity.traits.email);
          if (policy) ctx.flows.fieldError(flow, 'password', policy);
        }
        if (Object.keys(flow.data.fieldMessages).length > 0) return invalid();
        const old = ctx.repo.findPasswordCredential(identity.traits.email);
        if (old && (await verifyPassword(old.hash, password, { account: identity.id, log: req.log }))) {
          ctx.flows.fieldError(flow, 'password', uiText(MSG.passwordSameAsOld));
          return invalid();
        }
        ctx.repo.setPasswordHash(identity.id, await hashPassword(password), now);
        // A changed password ends every other session of the account.
        ctx.repo.revokeOtherSessions(identity.id, current.session.id);
        req.log.info({ identityId: identity.id }, 'identity: password changed');
        return saved();
      }
      case 'totp': {
        requirePrivileged();
        if (body.totp_unlink === 'true') {
          ctx.repo.deleteCredential(identity.id, 'totp');
          delete flow.data.totpSecret;
          req.log.info({ identityId: identity.id }, 'identity: authenticator app unlinked');
          return saved();
        }
        if (ctx.repo.getCredential(identity.id, 'totp')) {
          flow.data.messages.push(uiText(MSG.settingsNoStrategy));
          return invalid();
        }
        const secret = flow.data.totpSecret;
        const code = (body.totp_code ?? '').trim();
        if (!code) {
          ctx.flows.fieldError(flow, 'totp_code', uiText(MSG.required, { property: 'totp_code' }));
          return invalid();
        }
        const result = secret ? await checkTotp(secret, code) : { valid: false };
        if (!secret || !result.valid) {
          ctx.flows.fieldError(flow, 'totp_code', uiText(MSG.totpWrong));
          return invalid();
        }
        const cred: TotpCredential = {
          totp_url: totpUri(identity.traits.email, secret),
          last_time_step: result.timeStep,
        };
        ctx.repo.setCredential(identity.id, 'totp', cred, now);
        delete flow.data.totpSecret;
        // The code just proved the authenticator: this session now holds the second factor.
        ctx.sessions.addMethod(current.session, 'totp', 'aal2');
        req.log.info({ identityId: identity.id }, 'identity: authenticator app linked');
        return saved();
      }
      case 'lookup_secret': {
        requirePrivileged();
        const lookup = ctx.repo.getCredential<LookupCredential>(identity.id, 'lookup_secret');
        if (body.lookup_secret_confirm === 'true') {
          const pending = flow.data.lookupPending;
          if (!pending) {
            flow.data.messages.push(uiText(MSG.settingsNoStrategy));
            return invalid();
          }
          ctx.repo.setCredential(
            identity.id,
            'lookup_secret',
            { recovery_codes: pending.map((code) => ({ code })) },
            now,
          );
          delete flow.data.lookupPending;
          // Confirming them in a recent session counts as holding them (otherwise whoami would demand aal2 at once).
          ctx.sessions.addMethod(current.session, 'lookup_secret', 'aal2');
          req.log.info({ identityId: identity.id }, 'identity: backup codes saved');
          return saved();
        }
        if (body.lookup_secret_regenerate === 'true') {
          flow.data.lookupPending = newLookupCodes();
          flow.state = 'show_form';
          return sendFlow(ctx, req, reply, flow, 200);
        }
        if (body.lookup_secret_reveal === 'true' && lookup && lookup.recovery_codes.length > 0) {
          flow.data.lookupReveal = true;
          flow.state = 'show_form';
          return sendFlow(ctx, req, reply, flow, 200);
        }
        if (body.lookup_secret_disable === 'true') {
          ctx.repo.deleteCredential(identity.id, 'lookup_secret');
          delete flow.data.lookupPending;
          return saved();
        }
        flow.data.messages.push(uiText(MSG.settingsNoStrategy));
        return invalid();
      }
      case 'webauthn': {
        if (!ctx.urls.rpId) break;
        requirePrivileged();
        const config = ctx.repo.getCredential<WebAuthnCredentialConfig>(identity.id, 'webauthn');
        if (body.webauthn_remove) {
          const remaining = (config?.credentials ?? []).filter((k) => k.id !== body.webauthn_remove);
          if (!config || remaining.length === config.credentials.length) {
            flow.data.messages.push(uiText(MSG.noWebAuthnDevice));
            return invalid();
          }
          ctx.repo.setCredential(identity.id, 'webauthn', { ...config, credentials: remaining }, now);
          req.log.info({ identityId: identity.id }, 'identity: security key removed');
          return saved();
        }
        const challenge = flow.data.webauthnChallenge;
        if (!body.webauthn_register || !challenge) {
          flow.data.messages.push(uiText(MSG.settingsNoStrategy));
          return invalid();
        }
        let added;
        try {
          added = await verifyRegistration(body.webauthn_register, {
            challenge,
            origin: ctx.urls.consoleOrigin,
            rpId: ctx.urls.rpId,
          });
        } catch (err) {
          if (!(err instanceof WebAuthnError)) throw err;
          flow.data.messages.push(uiText(MSG.validationGeneric, { reason: err.message }));
          return invalid();
        }
        const keys = config?.credentials ?? [];
        if (keys.some((k) => k.id === added.id)) {
          flow.data.messages.push(
            uiText(MSG.validationGeneric, { reason: 'This security key is registered already.' }),
          );
          return invalid();
        }
        const displayName =
          (body.webauthn_register_displayname ?? '').trim().slice(0, 64) || DEFAULT_SECURITY_KEY_NAME;
        ctx.repo.setCredential(
          identity.id,
          'webauthn',
          {
            user_handle: config?.user_handle ?? challenge,
            credentials: [
              ...keys,
              { ...added, display_name: displayName, added_at: new Date(now).toISOString() },
            ],
          } satisfies WebAuthnCredentialConfig,
          now,
        );
        // A challenge answers one ceremony only.
        flow.data.webauthnChallenge = randomBytes(32).toString('base64url');
        // Creating the key needed the key in hand: the session holds the second factor now.
        ctx.sessions.addMethod(current.session, 'webauthn', 'aal2');
        req.log.info({ identityId: identity.id }, 'identity: security key added');
        return saved();
      }
      default:
        break;
    }
    flow.data.messages.push(uiText(MSG.settingsNoStrategy));
    return invalid();
  });
}
