/**
 * Kratos' `oidc` method: sign-in and sign-up through generic OpenID Connect providers (providers.ts), with
 * `openid-client` (authorisation code + PKCE S256, state and nonce).
 *
 * Submit `method=oidc&provider=<id>` to a login or registration flow: the flow records the provider, a hash of the
 * state, the nonce and the PKCE verifier; the state (`<flow id>.<random>`) also goes into an HttpOnly cookie for the
 * callback path only, so it is bound to the flow and to the browser, used once, and expires with the flow. Browsers
 * get 303 to the provider, JSON clients 422 `browser_location_change_required`.
 *
 * `GET <public>/self-service/methods/oidc/callback/<id>` (the redirect URI to register at the provider) checks the
 * state, exchanges the code, validates the ID token (issuer, audience, signature, nonce) and reads the claims
 * (userinfo when the ID token lacks the e-mail claim). Then:
 * 1. an identity linked to `<provider>:<sub>` signs in;
 * 2. else, when the provider says `email_verified: true` and an identity has that address verified, the provider's
 *    user is linked to it and it signs in;
 * 3. else, when the address belongs to an identity (not verified on one side), nothing is linked or created: the
 *    login flow says the account exists (4000027), sign in to it first;
 * 4. else an identity is registered with the e-mail from the mapped claim (verified when the provider says so) and
 *    signs in; without a usable e-mail the registration flow asks for one (4000002 + 4000001).
 * The session is aal1 with `authentication_methods: [{method: 'oidc', provider}]` (accounts with a second factor go
 * on to the aal2 login flow), and the browser goes to the flow's `return_to` (checked when the flow began) or home.
 * Failures land back on the flow (or a new login flow) with a message; never a stack or a secret.
 *
 * A settings flow's `link` goes the same way; its callback links the provider's user to the signed-in owner of the
 * flow (refused when another account has it) instead of signing in.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as oidcErrors, generators, type BaseClient } from 'openid-client';
import { boundClient, discoverIssuer } from '../../service-kit/oidcIssuer';
import { oidcLogReason } from '../../service-kit/oidcLogReason';
import type { ServiceContext } from '../context';
import { errors } from '../errors';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../password';
import type { OidcProvider } from '../providers';
import type { FlowKind, FlowRecord, IdentityRecord, OidcCredential } from '../repo';
import { MSG, uiText, type UiText } from '../text';
import { queryOf, sendFlow } from './common';
import { signupAllowed } from '../../shared/signupPolicy';
import { domainRefusedReason } from '../signupPolicy';

/** Holds the state of the provider sign-in under way (Kratos names its cookie for this purpose the same). */
export const OIDC_STATE_COOKIE = 'ory_kratos_continuity';
export const CALLBACK_PATH = '/self-service/methods/oidc/callback';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sameText = (a: string, b: string) => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
};
const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const ERROR_CODE = /^[A-Za-z0-9_.-]{1,64}$/;

export function redirectUri(ctx: ServiceContext, provider: OidcProvider): string {
  return ctx.urls.url(`${CALLBACK_PATH}/${provider.id}`);
}

/**
 * A client of the provider; discovery is fetched each time (providers rotate keys and endpoints). Its requests are
 * bounded, and its token and userinfo endpoints share the issuer's origin unless the provider's entry allows
 * otherwise (service-kit/oidcIssuer.ts).
 */
async function clientFor(ctx: ServiceContext, provider: OidcProvider): Promise<BaseClient> {
  const issuer = await discoverIssuer(provider.issuerUrl, {
    allowCrossOriginEndpoints: provider.allowCrossOriginEndpoints,
  });
  return boundClient(
    new issuer.Client({
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      redirect_uris: [redirectUri(ctx, provider)],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }),
  );
}

function cookiePath(ctx: ServiceContext): string {
  return `${new URL(ctx.urls.publicBase).pathname.replace(/\/+$/, '')}${CALLBACK_PATH}/`;
}

const NO_STRATEGY: Partial<Record<FlowKind, number>> = {
  login: MSG.loginNoStrategy,
  registration: MSG.registrationNoStrategy,
  settings: MSG.settingsNoStrategy,
};
const EXPIRED: Partial<Record<FlowKind, number>> = {
  login: MSG.loginExpired,
  registration: MSG.registrationExpired,
  settings: MSG.settingsExpired,
};
const noStrategy = (flow: FlowRecord) => uiText(NO_STRATEGY[flow.kind] ?? MSG.loginNoStrategy);

/**
 * `method=oidc` on a login or registration flow, or `link` on a settings flow: off to the provider (or the flow back
 * with a message).
 */
export async function startOidc(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRecord,
  providerId: string | undefined,
): Promise<FastifyReply> {
  const provider = ctx.providers.find((p) => p.id === providerId);
  // Re-authentication and second factors are not offered through providers; settings link OpenID providers only,
  // and only those not linked yet.
  const settingsRefused =
    flow.kind === 'settings' &&
    (provider?.kind !== 'oidc' || !flow.identityId || linkedTo(ctx, flow.identityId, provider.id));
  if (!provider || flow.data.refresh || flow.data.requestedAal === 'aal2' || settingsRefused) {
    flow.data.messages.push(noStrategy(flow));
    return sendFlow(ctx, req, reply, flow, 400);
  }
  if (provider.kind === 'redirect') throw errors.locationChange(provider.loginUrl);
  const state = `${flow.id}.${generators.state()}`;
  const nonce = generators.nonce();
  const verifier = generators.codeVerifier();
  let url: string;
  try {
    const client = await clientFor(ctx, provider);
    url = client.authorizationUrl({
      scope: provider.scope.join(' '),
      state,
      nonce,
      code_challenge: generators.codeChallenge(verifier),
      code_challenge_method: 'S256',
    });
  } catch (err) {
    req.log.warn(
      { flowId: flow.id, provider: provider.id, ...oidcLogReason(err) },
      'identity: provider unreachable',
    );
    flow.data.messages.push(unreachable(provider));
    return sendFlow(ctx, req, reply, flow, 400);
  }
  flow.data.oidc = { provider: provider.id, stateHash: sha256(state), nonce, verifier };
  ctx.repo.saveFlow(flow);
  reply.setCookie(OIDC_STATE_COOKIE, state, {
    path: cookiePath(ctx),
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.urls.secure,
    maxAge: Math.max(1, Math.floor((flow.expiresAt - ctx.now()) / 1000)),
  });
  req.log.info({ flowId: flow.id, provider: provider.id }, 'identity: sign-in through provider started');
  throw errors.locationChange(url);
}

function linkedTo(ctx: ServiceContext, identityId: string, providerId: string): boolean {
  const credential = ctx.repo.getCredential<OidcCredential>(identityId, 'oidc');
  return !!credential?.providers.some((p) => p.provider === providerId);
}

const unreachable = (p: OidcProvider) =>
  uiText(MSG.systemGeneric, {
    reason: `${p.name} cannot be reached right now, so signing in with it is not possible. Please try again later.`,
  });

export function registerOidcCallback(app: FastifyInstance, ctx: ServiceContext): void {
  app.get<{ Params: { provider: string } }>(`${CALLBACK_PATH}/:provider`, async (req, reply) => {
    const q = queryOf(req);
    const state = q.state ?? '';
    const cookie = req.cookies[OIDC_STATE_COOKIE] ?? '';
    reply.clearCookie(OIDC_STATE_COOKIE, {
      path: cookiePath(ctx),
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.urls.secure,
    });
    const providerId = PROVIDER_ID.test(req.params.provider) ? req.params.provider : undefined;
    const provider = ctx.providers.find((p): p is OidcProvider => p.kind === 'oidc' && p.id === providerId);

    // The flow the state names, when it belongs to this browser and can still take a message.
    const flowId = /^([0-9a-f-]{36})\./i.exec(state)?.[1];
    let flow = flowId ? ctx.repo.getFlow(flowId) : null;
    if (flow && !EXPIRED[flow.kind]) flow = null;
    if (flow) {
      try {
        ctx.csrf.checkCookie(req, flow);
      } catch {
        flow = null;
      }
    }
    const expired = !!flow && ctx.flows.isExpired(flow);

    /**
     * Back to the flow (a new login flow when there is none to use, or when `loginOnly`: a registration flow
     * cannot be shown while sign-up is closed) with `message`.
     */
    const fields = { service: 'identity', method: 'oidc', source: req.ip } as const;
    const fail = (message: UiText, why: string, extra: Record<string, unknown> = {}, loginOnly = false) => {
      req.log.warn(
        { flowId: flow?.id, provider: providerId, why, ...extra },
        'identity: sign-in through provider failed',
      );
      ctx.signIn(req, 'failed', 'provider sign-in failed', null, fields, why);
      let target =
        flow && !expired && flow.state !== 'passed_challenge' && !(loginOnly && flow.kind !== 'login')
          ? flow
          : null;
      if (!target)
        target = ctx.flows.create(req, reply, 'login', {
          returnTo: flow?.returnTo ?? null,
          ...(flow ? { csrfToken: flow.csrfToken } : {}),
        });
      ctx.flows.resetMessages(target);
      target.data.messages.push(message);
      // A browser (the provider sent it back) goes to the flow's page; a JSON client gets the flow with 400.
      return sendFlow(ctx, req, reply, target, 400);
    };

    if (!provider) return fail(uiText(MSG.loginNoStrategy), 'unknown provider');
    if (flow && expired) {
      const minutes = (ctx.now() - flow.expiresAt) / 60000;
      return fail(
        uiText(EXPIRED[flow.kind]!, {
          minutes_since_expiry: minutes,
          expired_at: new Date(flow.expiresAt).toISOString(),
          expired_at_unix: Math.floor(flow.expiresAt / 1000),
        }),
        'flow expired',
      );
    }
    const pending = flow?.data.oidc;
    if (
      !flow ||
      !pending ||
      !state ||
      !sameText(state, cookie) ||
      !sameText(sha256(state), pending.stateHash) ||
      pending.provider !== provider.id
    ) {
      return fail(
        uiText(MSG.validationGeneric, {
          reason: `The sign-in with ${provider.name} did not start in this browser or was already completed. Please try again.`,
        }),
        'state unknown, used, or of another browser',
      );
    }
    // Single use: the state is spent whatever happens next.
    delete flow.data.oidc;
    ctx.repo.saveFlow(flow);

    if (q.error !== undefined) {
      const code = ERROR_CODE.test(q.error) ? q.error : 'error';
      return fail(
        uiText(MSG.validationGeneric, {
          reason: `${provider.name} did not sign you in (${code}). Please try again, or use another way to sign in.`,
        }),
        'provider answered with an error',
        { providerError: code },
      );
    }

    let claims: Record<string, unknown>;
    try {
      const client = await clientFor(ctx, provider);
      const params = client.callbackParams(req.raw);
      const tokens = await client.callback(redirectUri(ctx, provider), params, {
        state,
        nonce: pending.nonce,
        code_verifier: pending.verifier,
        response_type: 'code',
      });
      claims = tokens.claims() as Record<string, unknown>;
      // The e-mail missing from the ID token is asked of the userinfo endpoint (openid-client checks its `sub`).
      if (
        claims[provider.emailClaim] === undefined &&
        tokens.access_token &&
        client.issuer.metadata.userinfo_endpoint
      )
        claims = { ...(await client.userinfo(tokens)), ...claims };
    } catch (err) {
      const refused = err instanceof oidcErrors.OPError || err instanceof oidcErrors.RPError;
      return fail(
        refused
          ? uiText(MSG.systemGeneric, {
              reason: `The sign-in with ${provider.name} could not be completed: the answer of the provider was not accepted. Please try again.`,
            })
          : unreachable(provider),
        refused ? 'code exchange or ID token refused' : 'provider unreachable',
        oidcLogReason(err),
      );
    }

    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    if (!subject || subject.length > 255) return fail(unreachable(provider), 'ID token without subject');
    const rawEmail = claims[provider.emailClaim];
    const email = typeof rawEmail === 'string' ? rawEmail.trim() : '';
    const emailVerified = claims.email_verified === true;

    const linkedId = ctx.repo.findOidcIdentity(provider.id, subject);
    if (flow.kind === 'settings') {
      // Linking from the settings: only for the signed-in owner of the flow, never another account's provider user.
      const current = ctx.sessions.current(req);
      if (!current || current.identity.id !== flow.identityId)
        return fail(
          uiText(MSG.validationGeneric, { reason: 'Sign in again to link an account.' }),
          'not the flow owner',
        );
      if (linkedId && linkedId !== current.identity.id)
        return fail(uiText(MSG.duplicateCredentials), 'provider user linked to another account');
      if (!linkedId) ctx.repo.linkOidc(current.identity.id, provider.id, subject, ctx.now());
      req.log.info(
        { identityId: current.identity.id, provider: provider.id },
        'identity: provider linked in settings',
      );
      flow.state = 'success';
      ctx.flows.resetMessages(flow);
      flow.data.messages.push(uiText(MSG.settingsSaved));
      return sendFlow(ctx, req, reply, flow, 200);
    }

    let identity: IdentityRecord | null;
    if (linkedId) {
      identity = ctx.repo.getIdentity(linkedId);
    } else {
      const address = email ? ctx.repo.findVerifiableAddress(email) : null;
      const owner = address ? address.identityId : email && ctx.repo.emailTaken(email) ? 'taken' : null;
      if (address && address.verified && emailVerified) {
        ctx.repo.linkOidc(address.identityId, provider.id, subject, ctx.now());
        identity = ctx.repo.getIdentity(address.identityId);
        req.log.info(
          { identityId: address.identityId, provider: provider.id },
          'identity: provider linked to the account with the same verified e-mail address',
        );
      } else if (owner) {
        return fail(
          uiText(MSG.duplicateCredentialsOnOidcLink),
          'address of another account, not verified on both sides',
        );
      } else {
        // From here on the provider's user would be registered: the sign-up policy decides first.
        const policy = ctx.signup.current();
        if (policy.mode === 'closed')
          return fail(
            uiText(MSG.validationGeneric, {
              reason: `No account here belongs to your ${provider.name} user, and sign-up is closed. Ask an administrator for an account.`,
            }),
            'sign-up closed',
            {},
            true,
          );
        const problem = !email
          ? `${provider.name} did not share an e-mail address (claim "${provider.emailClaim}"), and an account needs one`
          : email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)
            ? `the e-mail address ${provider.name} shared is not valid`
            : null;
        if (problem) return askForTraits(ctx, req, reply, flow, provider, problem);
        if (!signupAllowed(policy, email))
          return fail(
            uiText(MSG.validationGeneric, { reason: domainRefusedReason(email) }),
            'e-mail domain not allowed to sign up',
          );
        try {
          identity = ctx.repo.createOidcIdentity(
            email,
            emailVerified,
            { provider: provider.id, subject },
            ctx.now(),
          );
        } catch (err) {
          if (err instanceof Error && /UNIQUE/.test(err.message))
            return fail(uiText(MSG.duplicateCredentialsOnOidcLink), 'address taken meanwhile');
          throw err;
        }
        req.log.info(
          { identityId: identity.id, provider: provider.id, verified: emailVerified },
          'identity: account registered through provider',
        );
      }
    }
    if (!identity || identity.state !== 'active')
      return fail(uiText(MSG.identityDisabled), 'account inactive');

    const session = ctx.sessions.issue(req, reply, identity.id, 'oidc', 'aal1', provider.id);
    flow.state = 'passed_challenge';
    ctx.repo.saveFlow(flow);
    req.log.info({ identityId: identity.id, provider: provider.id }, 'identity: signed in through provider');
    ctx.signIn(
      req,
      'succeeded',
      'login succeeded',
      identity.traits.email,
      fields,
      `through provider "${provider.name}"`,
    );
    if (session.aal === 'aal1' && ctx.sessions.hasSecondFactor(identity.id)) {
      return reply.redirect(
        ctx.urls.url('/self-service/login/browser', { aal: 'aal2', return_to: flow.returnTo ?? undefined }),
        303,
      );
    }
    return reply.redirect(flow.returnTo ?? ctx.urls.defaultReturn, 303);
  });
}

/** The schema's required trait is missing: the registration flow asks for it (and still offers the provider). */
function askForTraits(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRecord,
  provider: OidcProvider,
  problem: string,
): Promise<FastifyReply> {
  req.log.info(
    { flowId: flow.id, provider: provider.id },
    'identity: provider sign-up lacks the e-mail trait',
  );
  const target =
    flow.kind === 'registration'
      ? flow
      : ctx.flows.create(req, reply, 'registration', { returnTo: flow.returnTo, csrfToken: flow.csrfToken });
  ctx.flows.resetMessages(target);
  target.data.messages.push(
    uiText(MSG.validationGeneric, {
      reason: `To sign up, ${problem}. Sign up with your e-mail address and a password instead, or let ${provider.name} share your e-mail address and try again.`,
    }),
  );
  ctx.flows.fieldError(target, 'traits.email', uiText(MSG.required, { property: 'email' }));
  return sendFlow(ctx, req, reply, target, 400);
}
