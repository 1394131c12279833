/** Answers and flow loading shared by the self-service flows. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeBody, type Body } from '../body';
import type { ServiceContext } from '../context';
import { errors } from '../errors';
import { flowJson } from '../render';
import type { FlowKind, FlowRecord } from '../repo';
import { MSG, uiText } from '../text';

const EXPIRED_MESSAGE: Record<FlowKind, number> = {
  login: MSG.loginExpired,
  registration: MSG.registrationExpired,
  settings: MSG.settingsExpired,
  recovery: MSG.recoveryExpired,
  verification: MSG.verificationExpired,
};

export const NO_STORE = 'private, no-cache, no-store, must-revalidate';

/** Saves the flow and answers with it (JSON) or sends the browser to its UI page (303). */
export async function sendFlow(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRecord,
  status = 200,
): Promise<FastifyReply> {
  ctx.repo.saveFlow(flow);
  if (ctx.isJson(req))
    return reply
      .code(status)
      .header('cache-control', NO_STORE)
      .send(await flowJson(ctx, flow));
  return reply.redirect(ctx.urls.ui(flow.kind, { flow: flow.id }), 303);
}

/** Success of a flow: JSON gets `body`, a browser goes to `redirectTo`. */
export function sendSuccess(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  redirectTo: string,
): FastifyReply {
  if (ctx.isJson(req)) return reply.code(200).header('cache-control', NO_STORE).send(body);
  return reply.redirect(redirectTo, 303);
}

export function queryOf(req: FastifyRequest): Record<string, string | undefined> {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(q))
    out[k] = typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
  return out;
}

/**
 * Loads the flow of a submit: CSRF first, then expiry. An expired flow is replaced by a new one carrying the expiry
 * message (JSON: 410 with `use_flow_id`; browser: 303 to the UI with the new flow).
 */
export function loadSubmitFlow(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  kind: FlowKind,
): { flow: FlowRecord; body: Body } {
  const body = normalizeBody(req.body);
  const flow = ctx.flows.load(queryOf(req).flow, kind);
  ctx.csrf.checkSubmit(req, flow, body.csrf_token);
  if (ctx.flows.isExpired(flow)) {
    const now = ctx.now();
    const minutes = (now - flow.expiresAt) / 60000;
    const message = uiText(EXPIRED_MESSAGE[kind], {
      minutes_since_expiry: minutes,
      expired_at: new Date(flow.expiresAt).toISOString(),
      expired_at_unix: Math.floor(flow.expiresAt / 1000),
    });
    const replacement = ctx.flows.create(req, reply, kind, {
      returnTo: flow.returnTo,
      identityId:
        kind === 'settings' || flow.data.refresh || flow.data.requestedAal === 'aal2'
          ? flow.identityId
          : null,
      csrfToken: flow.csrfToken,
      data: {
        messages: [message],
        fieldMessages: {},
        values: {},
        refresh: flow.data.refresh,
        requestedAal: flow.data.requestedAal,
      },
    });
    throw errors.flowExpired(
      replacement.id,
      new Date(flow.expiresAt),
      now,
      ctx.urls.ui(kind, { flow: replacement.id }),
    );
  }
  ctx.flows.resetMessages(flow);
  return { flow, body };
}

/**
 * GET /self-service/<kind>/flows?id= — always JSON. Verification flows are readable from any browser: the mailed
 * link is often opened elsewhere (a phone), and the flow holds nothing beyond the address and its state.
 */
export function loadFetchedFlow(ctx: ServiceContext, req: FastifyRequest, kind: FlowKind): FlowRecord {
  const flow = ctx.flows.load(queryOf(req).id, kind);
  if (kind !== 'verification') ctx.csrf.checkCookie(req, flow);
  if (ctx.flows.isExpired(flow)) {
    throw errors.flowExpiredOnFetch(
      kind,
      ctx.urls.url(`/self-service/${kind}/browser`, { return_to: flow.returnTo ?? undefined }),
      flow.returnTo,
    );
  }
  return flow;
}

/** Status of an answer refused by a rate limit (the flow with its message is the body, as for validation errors). */
export const TOO_MANY_REQUESTS = 429;

/**
 * A rate limit refused the request: puts the message on the flow and sets Retry-After. The caller answers with the
 * flow and TOO_MANY_REQUESTS.
 */
export function limitReached(
  ctx: ServiceContext,
  reply: FastifyReply,
  flow: FlowRecord,
  wait: number,
  what: string,
): void {
  reply.header('retry-after', String(wait));
  const when = wait < 120 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
  flow.data.messages.push(
    uiText(MSG.validationGeneric, { reason: `Too many ${what}. Please try again in ${when}.` }),
  );
  ctx.log.warn({ flowId: flow.id, kind: flow.kind, what }, 'identity: rate limit reached');
}
