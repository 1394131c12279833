/** Registration with e-mail and password; sends the verification code and continues with the verification flow. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context';
import { errors } from '../errors';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, hashPassword, passwordPolicy } from '../password';
import { flowJson, identityJson } from '../render';
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
import { takeAll } from '../rateLimit';
import { startVerification } from './verification';
import { startOidc } from './oidc';
import { signupAllowed } from '../../shared/signupPolicy';
import { domainRefusedReason } from '../signupPolicy';

export function registerRegistration(app: FastifyInstance, ctx: ServiceContext): void {
  const init = async (req: FastifyRequest, reply: FastifyReply) => {
    const returnTo = ctx.urls.returnTo(req, queryOf(req).return_to);
    if (ctx.sessions.current(req))
      throw errors.sessionAlreadyAvailable('registration', returnTo ?? ctx.urls.defaultReturn);
    // Closed sign-up: no registration flow is made at all (Kratos' `selfservice.flows.registration.enabled`).
    if (ctx.signup.current().mode === 'closed') throw errors.registrationDisabled();
    const flow = ctx.flows.create(req, reply, 'registration', { returnTo });
    return sendFlow(ctx, req, reply, flow);
  };
  app.get('/self-service/registration/browser', init);
  app.get('/self-service/registration/browser/', init);

  const fetch = async (req: FastifyRequest, reply: FastifyReply) => {
    if (ctx.signup.current().mode === 'closed') throw errors.registrationDisabled();
    const flow = loadFetchedFlow(ctx, req, 'registration');
    return reply.header('cache-control', NO_STORE).send(await flowJson(ctx, flow));
  };
  app.get('/self-service/registration/flows', { config: { jsonOnly: true } }, fetch);
  app.get('/self-service/registration/flows/', { config: { jsonOnly: true } }, fetch);

  app.post('/self-service/registration', async (req, reply) => {
    const { flow, body } = loadSubmitFlow(ctx, req, reply, 'registration');
    if (ctx.sessions.current(req))
      throw errors.sessionAlreadyAvailable('registration', flow.returnTo ?? ctx.urls.defaultReturn);
    // A flow made before sign-up closed cannot be used either, for any method.
    const policy = ctx.signup.current();
    if (policy.mode === 'closed') throw errors.registrationDisabled();
    const method = body.method || (body.provider ? 'oidc' : '');
    if (method === 'oidc') return startOidc(ctx, req, reply, flow, body.provider);
    if (method !== 'password') {
      flow.data.messages.push(uiText(MSG.registrationNoStrategy));
      return sendFlow(ctx, req, reply, flow, 400);
    }
    const email = (body['traits.email'] ?? '').trim();
    const password = body.password ?? '';
    flow.data.values = { 'traits.email': email };
    if (!email) ctx.flows.fieldError(flow, 'traits.email', uiText(MSG.required, { property: 'email' }));
    else if (email.length > EMAIL_MAX_LENGTH) {
      ctx.flows.fieldError(
        flow,
        'traits.email',
        uiText(MSG.validationGeneric, {
          reason: `length must be <= ${EMAIL_MAX_LENGTH}, but got ${email.length}`,
        }),
      );
    } else if (!EMAIL_PATTERN.test(email)) {
      ctx.flows.fieldError(
        flow,
        'traits.email',
        uiText(MSG.validationGeneric, { reason: `${JSON.stringify(email)} is not valid "email"` }),
      );
    } else if (!signupAllowed(policy, email)) {
      ctx.flows.fieldError(
        flow,
        'traits.email',
        uiText(MSG.validationGeneric, { reason: domainRefusedReason(email) }),
      );
    }
    if (!password) ctx.flows.fieldError(flow, 'password', uiText(MSG.required, { property: 'password' }));
    else {
      const policy = passwordPolicy(password, email);
      if (policy) ctx.flows.fieldError(flow, 'password', policy);
    }
    if (Object.keys(flow.data.fieldMessages).length > 0) return sendFlow(ctx, req, reply, flow, 400);
    // Counted before the address is looked up: each sign-up mails a code (the client address's send limit keeps
    // sign-ups from flooding other people's mailboxes), and one for an address that has an account is a failure
    // (it reveals the account), so a client cannot enumerate accounts through sign-ups.
    const { sendsPerIp, takenAddressSignups } = ctx.limiter;
    const wait = await takeAll([
      [sendsPerIp, req.ip],
      [takenAddressSignups, req.ip],
    ]);
    if (wait > 0) {
      limitReached(ctx, reply, flow, wait, 'sign-up attempts');
      return sendFlow(ctx, req, reply, flow, TOO_MANY_REQUESTS);
    }
    const addressTaken = async () => {
      await sendsPerIp.refund(req.ip); // no mail goes out
      flow.data.messages.push(uiText(MSG.duplicateCredentials));
      return sendFlow(ctx, req, reply, flow, 400);
    };
    if (ctx.repo.emailTaken(email)) return addressTaken();
    const passwordHash = await hashPassword(password);
    let identity;
    try {
      identity = ctx.repo.createIdentity(email, passwordHash, ctx.now());
    } catch (err) {
      // Two sign-ups for one address at once: the unique index decides, the loser sees "account exists".
      if (err instanceof Error && /UNIQUE/.test(err.message)) return addressTaken();
      throw err;
    }
    await takenAddressSignups.refund(req.ip);
    req.log.info({ identityId: identity.id }, 'identity: account registered');
    flow.state = 'passed_challenge';
    ctx.repo.saveFlow(flow);

    const verification = await startVerification(
      ctx,
      req,
      reply,
      identity.traits.email,
      flow.returnTo,
      flow.csrfToken,
      true,
    );
    const continueWith = [
      {
        action: 'show_verification_ui',
        flow: {
          id: verification.id,
          verifiable_address: identity.traits.email.toLowerCase(),
          url: ctx.urls.ui('verification', { flow: verification.id }),
        },
      },
    ];
    // A browser continues on the verification page, where the code from the mail goes.
    return sendSuccess(
      ctx,
      req,
      reply,
      { identity: identityJson(ctx, identity), continue_with: continueWith },
      ctx.urls.ui('verification', { flow: verification.id }),
    );
  });
}
