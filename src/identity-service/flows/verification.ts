/** E-mail verification with the `code` method; the mailed link `GET /self-service/verification?flow=&code=` works too. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context';
import { flowJson } from '../render';
import type { FlowRecord } from '../repo';
import { MSG, uiText } from '../text';
import { sendCode, redeemCode, validEmail } from './code';
import { loadFetchedFlow, loadSubmitFlow, NO_STORE, queryOf, sendFlow, TOO_MANY_REQUESTS } from './common';
import { errors } from '../errors';

/**
 * Starts a verification flow and mails its code (sign-up, e-mail change). The send is counted, never refused;
 * `ipCounted`: the caller already counted the request against the client address's send limit.
 */
export async function startVerification(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  email: string,
  returnTo: string | null,
  csrfToken: string,
  ipCounted = false,
): Promise<FlowRecord> {
  const flow = ctx.flows.create(req, reply, 'verification', { returnTo, csrfToken });
  await sendCode(ctx, req, reply, flow, 'verification', email, false, !ipCounted);
  ctx.repo.saveFlow(flow);
  return flow;
}

export function registerVerification(app: FastifyInstance, ctx: ServiceContext): void {
  const init = async (req: FastifyRequest, reply: FastifyReply) => {
    const returnTo = ctx.urls.returnTo(req, queryOf(req).return_to);
    const flow = ctx.flows.create(req, reply, 'verification', { returnTo });
    return sendFlow(ctx, req, reply, flow);
  };
  app.get('/self-service/verification/browser', init);
  app.get('/self-service/verification/browser/', init);

  const fetch = async (req: FastifyRequest, reply: FastifyReply) => {
    const flow = loadFetchedFlow(ctx, req, 'verification');
    return reply.header('cache-control', NO_STORE).send(await flowJson(ctx, flow));
  };
  app.get('/self-service/verification/flows', { config: { jsonOnly: true } }, fetch);
  app.get('/self-service/verification/flows/', { config: { jsonOnly: true } }, fetch);

  function checkCode(req: FastifyRequest, flow: FlowRecord, code: string): void {
    const used = redeemCode(ctx, flow, code);
    if (!used) {
      flow.data.messages.push(uiText(MSG.verificationCodeInvalid));
      return;
    }
    ctx.repo.markAddressVerified(used.address, ctx.now());
    req.log.info({ identityId: used.identityId, flowId: flow.id }, 'identity: address verified');
    flow.state = 'passed_challenge';
    flow.data.continueUrl = flow.returnTo ?? ctx.urls.defaultReturn;
    flow.data.messages = [uiText(MSG.verificationSuccessful)];
  }

  // The link in the mail: no CSRF token (the code is the proof), lands on the verification page.
  app.get('/self-service/verification', async (req, reply) => {
    const q = queryOf(req);
    const flow = ctx.flows.load(q.flow, 'verification');
    if (ctx.flows.isExpired(flow)) {
      const replacement = ctx.flows.create(req, reply, 'verification', { returnTo: flow.returnTo });
      replacement.data.messages = [
        uiText(MSG.verificationExpired, {
          minutes_since_expiry: (ctx.now() - flow.expiresAt) / 60000,
          expired_at: new Date(flow.expiresAt).toISOString(),
          expired_at_unix: Math.floor(flow.expiresAt / 1000),
        }),
      ];
      return sendFlow(ctx, req, reply, replacement);
    }
    ctx.flows.resetMessages(flow);
    if (flow.state === 'passed_challenge') flow.data.messages.push(uiText(MSG.verificationRetrySuccess));
    else if (q.code) checkCode(req, flow, q.code.trim());
    return sendFlow(ctx, req, reply, flow);
  });

  app.post('/self-service/verification', async (req, reply) => {
    const { flow, body } = loadSubmitFlow(ctx, req, reply, 'verification');
    if ((body.method || 'code') !== 'code') {
      flow.data.messages.push(uiText(MSG.verificationNoStrategy));
      return sendFlow(ctx, req, reply, flow, 400);
    }
    if (flow.state === 'passed_challenge') {
      flow.data.messages.push(uiText(MSG.verificationRetrySuccess));
      return sendFlow(ctx, req, reply, flow, 400);
    }
    const code = (body.code ?? '').trim();
    if (code) {
      if (flow.state !== 'sent_email')
        throw errors.badRequest('No code was sent in this verification flow yet.');
      checkCode(req, flow, code);
      return sendFlow(ctx, req, reply, flow, 200);
    }
    const email = (body.email ?? '').trim();
    if (!validEmail(ctx, flow, email)) return sendFlow(ctx, req, reply, flow, 400);
    if (!(await sendCode(ctx, req, reply, flow, 'verification', email)))
      return sendFlow(ctx, req, reply, flow, TOO_MANY_REQUESTS);
    return sendFlow(ctx, req, reply, flow, 200);
  });
}
