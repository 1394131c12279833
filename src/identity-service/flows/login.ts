/** Login: password (aal1), then TOTP or a backup code (aal2); re-authentication with `refresh=true`. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verify as verifyTotp } from 'otplib';
import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../context';
import type { CurrentSession, WebAuthnCredentialConfig } from '../sessions';
import { errors } from '../errors';
import { burnPasswordCheck, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, verifyPassword } from '../password';
import { flowJson, sessionJson, type LookupCredential, type TotpCredential } from '../render';
import type { FlowRecord, SessionRecord } from '../repo';
import { MSG, uiText } from '../text';
import {
  loadFetchedFlow,
  loadSubmitFlow,
  NO_STORE,
  queryOf,
  sendFlow,
  sendSuccess,
  limitReached,
  TOO_MANY_REQUESTS,
} from './common';
import { verifyAssertion, WebAuthnError } from '../../service-kit/webauthn';
import { startOidc } from './oidc';

/** How the audit trail names each second factor (src/shared/signIns.ts). */
const FACTOR_METHOD = { totp: 'otp', lookup_secret: 'backup-code', webauthn: 'webauthn' } as const;

/** Why a second factor failed, for the audit trail (the flow shows the catalogue's message). */
const FAILURE_REASON: Record<number, string> = {
  [MSG.noWebAuthnDevice]: 'no security key registered',
  [MSG.totpWrong]: 'invalid one-time code',
  [MSG.lookupInvalid]: 'invalid backup code',
  [MSG.lookupUsed]: 'backup code already used',
};

/** Accepts codes of the previous and the next 30 s step (clock drift), never one used before. */
const TOTP_TOLERANCE_S = 30;

export function registerLogin(app: FastifyInstance, ctx: ServiceContext): void {
  const init = async (req: FastifyRequest, reply: FastifyReply) => {
    const q = queryOf(req);
    const returnTo = ctx.urls.returnTo(req, q.return_to);
    const current = ctx.sessions.current(req);
    const refresh = q.refresh === 'true' && !!current;
    const aal2 = q.aal === 'aal2';
    if (aal2) {
      if (!current) throw errors.aal1Required();
      if (
        (current.session.aal === 'aal2' || !ctx.sessions.hasSecondFactor(current.identity.id)) &&
        !refresh
      ) {
        throw errors.sessionAlreadyAvailable('login', returnTo ?? ctx.urls.defaultReturn);
      }
    } else if (current && !refresh) {
      throw errors.sessionAlreadyAvailable('login', returnTo ?? ctx.urls.defaultReturn);
    }
    const flow = ctx.flows.create(req, reply, 'login', {
      returnTo,
      identityId: current && (aal2 || refresh) ? current.identity.id : null,
      data: {
        messages: aal2 ? [uiText(MSG.loginMfa)] : refresh ? [uiText(MSG.loginReAuth)] : [],
        fieldMessages: {},
        values: {},
        refresh,
        requestedAal: aal2 ? 'aal2' : 'aal1',
      },
    });
    return sendFlow(ctx, req, reply, flow);
  };
  app.get('/self-service/login/browser', init);
  app.get('/self-service/login/browser/', init);

  const fetch = async (req: FastifyRequest, reply: FastifyReply) => {
    const flow = loadFetchedFlow(ctx, req, 'login');
    return reply.header('cache-control', NO_STORE).send(await flowJson(ctx, flow));
  };
  app.get('/self-service/login/flows', { config: { jsonOnly: true } }, fetch);
  app.get('/self-service/login/flows/', { config: { jsonOnly: true } }, fetch);

  app.post('/self-service/login', async (req, reply) => {
    const { flow, body } = loadSubmitFlow(ctx, req, reply, 'login');
    const current = ctx.sessions.current(req);
    const method = body.method || (body.provider ? 'oidc' : '');

    if (method === 'oidc') {
      if (current && !flow.data.refresh)
        throw errors.sessionAlreadyAvailable('login', flow.returnTo ?? ctx.urls.defaultReturn);
      return startOidc(ctx, req, reply, flow, body.provider);
    }

    if (flow.data.requestedAal === 'aal2') {
      if (!current || current.identity.id !== flow.identityId)
        throw errors.sessionInactive(ctx.urls.url('/self-service/login/browser'));
      if (method === 'webauthn' || (!method && body.webauthn_login))
        return secondFactor(req, reply, flow, current, 'webauthn', body.webauthn_login ?? '');
      if (method === 'totp') return secondFactor(req, reply, flow, current, 'totp', body.totp_code ?? '');
      if (method === 'lookup_secret')
        return secondFactor(req, reply, flow, current, 'lookup_secret', body.lookup_secret ?? '');
      flow.data.messages.push(uiText(MSG.loginNoStrategy));
      return sendFlow(ctx, req, reply, flow, 400);
    }

    if (current && !flow.data.refresh)
      throw errors.sessionAlreadyAvailable('login', flow.returnTo ?? ctx.urls.defaultReturn);
    if (method !== 'password') {
      flow.data.messages.push(uiText(MSG.loginNoStrategy));
      return sendFlow(ctx, req, reply, flow, 400);
    }

    const identifier = (body.identifier ?? '').trim();
    const password = body.password ?? '';
    flow.data.values = { identifier };
    if (!identifier)
      ctx.flows.fieldError(flow, 'identifier', uiText(MSG.required, { property: 'identifier' }));
    if (!password) ctx.flows.fieldError(flow, 'password', uiText(MSG.required, { property: 'password' }));
    if (!identifier || !password) return sendFlow(ctx, req, reply, flow, 400);

    // Counted before the password is checked (parallel guesses queue up on the count), per account and address, in
    // the throttle shared with the console, the token endpoint and SSH (rateLimit.ts).
    const fields = { service: 'identity', method: 'password', source: req.ip } as const;
    const event = flow.data.refresh ? 're-authentication' : 'login';
    const begun = await ctx.limiter.beginPassword(identifier, req.ip);
    if (!begun.ok) {
      const why =
        begun.refusedBy === 'source'
          ? 'address refused for every name'
          : `account locked${begun.refusedBy === 'name' ? ' for every address' : ''}`;
      ctx.signIn(req, 'refused', `${event} refused`, identifier, fields, why);
      limitReached(ctx, reply, flow, begun.retryAfter, 'failed sign-in attempts');
      return sendFlow(ctx, req, reply, flow, TOO_MANY_REQUESTS);
    }
    const attempt = begun.attempt;
    await attempt.wait();

    // Oversized input cannot match an account; refuse it without spending a hash on it.
    const plausible = identifier.length <= EMAIL_MAX_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
    const credential = plausible ? ctx.repo.findPasswordCredential(identifier) : null;
    let ok = false;
    if (credential)
      ok = await verifyPassword(credential.hash, password, { account: credential.identityId, log: req.log });
    else if (plausible) await burnPasswordCheck(password);
    if (ok && flow.data.refresh && credential!.identityId !== flow.identityId) ok = false;
    const identity = ok ? ctx.repo.getIdentity(credential!.identityId) : null;
    if (!ok || !identity || identity.state !== 'active') {
      const outcome = await attempt.failed();
      const why = ok ? 'account inactive' : 'wrong credentials';
      ctx.signIn(req, 'failed', `${event} failed`, identifier, fields, why);
      ctx.signInLocks(req, identifier, fields, outcome);
      flow.data.messages.push(uiText(MSG.invalidCredentials));
      return sendFlow(ctx, req, reply, flow, 400);
    }
    // The account is active only once its e-mail address is verified (sign-up says "click the link to activate").
    if (!ctx.repo.verifiableAddresses(identity.id).some((a) => a.verified)) {
      await attempt.refund();
      ctx.signIn(req, 'refused', `${event} refused`, identifier, fields, 'e-mail address not verified');
      flow.data.messages.push(uiText(MSG.addressNotVerified));
      return sendFlow(ctx, req, reply, flow, 400);
    }
    await attempt.succeeded();
    ctx.signIn(req, 'succeeded', `${event} succeeded`, identifier, fields);

    let session: SessionRecord;
    if (flow.data.refresh && current) session = ctx.sessions.addMethod(current.session, 'password', 'aal1');
    else session = ctx.sessions.issue(req, reply, identity.id, 'password', 'aal1');
    flow.state = 'passed_challenge';
    ctx.repo.saveFlow(flow);

    if (session.aal === 'aal1' && ctx.sessions.hasSecondFactor(identity.id)) {
      // Second factor required: the aal1 session is set, and the browser continues with an aal2 login flow.
      const next = ctx.urls.url('/self-service/login/browser', {
        aal: 'aal2',
        return_to: flow.returnTo ?? undefined,
      });
      throw errors.locationChange(next);
    }
    return sendSuccess(
      ctx,
      req,
      reply,
      { session: sessionJson(ctx, session, identity), continue_with: [] },
      flow.returnTo ?? ctx.urls.defaultReturn,
    );
  });

  async function secondFactor(
    req: FastifyRequest,
    reply: FastifyReply,
    flow: FlowRecord,
    current: CurrentSession,
    kind: 'totp' | 'lookup_secret' | 'webauthn',
    rawCode: string,
  ): Promise<FastifyReply> {
    const identityId = current.identity.id;
    const fieldName =
      kind === 'totp' ? 'totp_code' : kind === 'webauthn' ? 'webauthn_login' : 'lookup_secret';
    const code = kind === 'webauthn' ? rawCode : rawCode.trim().toLowerCase();
    if (!code) {
      // The WebAuthn result travels in a hidden field: its message goes on the flow.
      if (kind === 'webauthn') flow.data.messages.push(uiText(MSG.required, { property: fieldName }));
      else ctx.flows.fieldError(flow, fieldName, uiText(MSG.required, { property: fieldName }));
      return sendFlow(ctx, req, reply, flow, 400);
    }
    // Only the holder of the password gets here: the policy lock is per account from every address, in this
    // service's own throttle (the key is the account's id, which no other entry point knows).
    const name = current.identity.traits.email;
    const fields = { service: 'identity', method: FACTOR_METHOD[kind], source: req.ip } as const;
    const begun = await ctx.limiter.login.begin(`${identityId}:${kind}`, req.ip, {
      lockScope: 'any-address',
      service: 'identity',
    });
    if (!begun.ok) {
      ctx.signIn(req, 'refused', 'second factor refused', name, fields, 'locked');
      limitReached(ctx, reply, flow, begun.retryAfter, 'failed sign-in attempts');
      return sendFlow(ctx, req, reply, flow, TOO_MANY_REQUESTS);
    }
    const attempt = begun.attempt;
    await attempt.wait();
    const fail = async (message: number, reason?: string) => {
      const outcome = await attempt.failed();
      ctx.signIn(req, 'failed', 'second factor failed', name, fields, reason ?? FAILURE_REASON[message]);
      ctx.signInLocks(req, name, fields, outcome, ctx.limiter.login);
      flow.data.messages.push(uiText(message, reason ? { reason } : {}));
      return sendFlow(ctx, req, reply, flow, 400);
    };
    const now = ctx.now();
    if (kind === 'webauthn') {
      const config = ctx.repo.getCredential<WebAuthnCredentialConfig>(identityId, 'webauthn');
      const challenge = flow.data.webauthnChallenge;
      if (!ctx.urls.rpId || !config || config.credentials.length === 0 || !challenge)
        return fail(MSG.noWebAuthnDevice);
      // One ceremony per challenge: a new one is issued whatever the outcome.
      flow.data.webauthnChallenge = randomBytes(32).toString('base64url');
      let result;
      try {
        result = await verifyAssertion(
          code,
          { challenge, origin: ctx.urls.consoleOrigin, rpId: ctx.urls.rpId },
          config.credentials,
        );
      } catch (err) {
        if (!(err instanceof WebAuthnError)) throw err;
        return fail(MSG.validationGeneric, err.message);
      }
      const credentials = config.credentials.map((k) =>
        k.id === result.credential.id ? { ...k, sign_count: result.signCount } : k,
      );
      ctx.repo.setCredential(identityId, 'webauthn', { ...config, credentials }, now);
    } else if (kind === 'totp') {
      const cred = ctx.repo.getCredential<TotpCredential>(identityId, 'totp');
      if (!cred) return fail(MSG.totpWrong);
      const secret = new URL(cred.totp_url).searchParams.get('secret') ?? '';
      const result = await checkTotp(secret, code, cred.last_time_step);
      if (!result.valid) return fail(MSG.totpWrong);
      ctx.repo.setCredential(identityId, 'totp', { ...cred, last_time_step: result.timeStep }, now);
    } else {
      const cred = ctx.repo.getCredential<LookupCredential>(identityId, 'lookup_secret');
      const entry = cred?.recovery_codes.find((c) => c.code === code);
      if (!cred || !entry) return fail(MSG.lookupInvalid);
      if (entry.used_at) return fail(MSG.lookupUsed);
      entry.used_at = new Date(now).toISOString();
      ctx.repo.setCredential(identityId, 'lookup_secret', cred, now);
    }
    await attempt.succeeded();
    ctx.signIn(req, 'succeeded', 'second factor succeeded', name, fields);
    const session = ctx.sessions.addMethod(current.session, kind, 'aal2');
    flow.state = 'passed_challenge';
    ctx.repo.saveFlow(flow);
    return sendSuccess(
      ctx,
      req,
      reply,
      { session: sessionJson(ctx, session, current.identity), continue_with: [] },
      flow.returnTo ?? ctx.urls.defaultReturn,
    );
  }
}

export async function checkTotp(
  secret: string,
  token: string,
  lastTimeStep?: number,
): Promise<{ valid: boolean; timeStep?: number }> {
  if (!/^\d{6}$/.test(token) || !secret) return { valid: false };
  try {
    const result = await verifyTotp({
      secret,
      token,
      epochTolerance: TOTP_TOLERANCE_S,
      ...(lastTimeStep !== undefined ? { afterTimeStep: lastTimeStep } : {}),
    });
    return result.valid
      ? { valid: true, timeStep: (result as { timeStep?: number }).timeStep }
      : { valid: false };
  } catch {
    return { valid: false };
  }
}
