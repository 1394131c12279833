/** Account recovery with the `code` method: choose_method → sent_email → passed_challenge (then settings). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context';
import { errors } from '../errors';
import { flowJson } from '../render';
import { MSG, uiText } from '../text';
import { sendCode, redeemCode, validEmail } from './code';
import { loadFetchedFlow, loadSubmitFlow, NO_STORE, queryOf, sendFlow, TOO_MANY_REQUESTS } from './common';

export function registerRecovery(app: FastifyInstance, ctx: ServiceContext): void {
  const init = async (req: FastifyRequest, reply: FastifyReply) => {
    const returnTo = ctx.urls.returnTo(req, queryOf(req).return_to);
    if (ctx.sessions.current(req))
      throw errors.sessionAlreadyAvailable('recovery', returnTo ?? ctx.urls.defaultReturn);
    const flow = ctx.flows.create(req, reply, 'recovery', { returnTo });
    return sendFlow(ctx, req, reply, flow);
  };
  app.get('/self-service/recovery/browser', init);
  app.get('/self-service/recovery/browser/', init);

  const fetch = async (req: FastifyRequest, reply: FastifyReply) => {
    const flow = loadFetchedFlow(ctx, req, 'recovery');
    return reply.header('cache-control', NO_STORE).send(await flowJson(ctx, flow));
  };
  app.get('/self-service/recovery/flows', { config: { jsonOnly: true } }, fetch);
  app.get('/self-service/recovery/flows/', { config: { jsonOnly: true } }, fetch);

  app.post('/self-service/recovery', async (req, reply) => {
    const { flow, body } = loadSubmitFlow(ctx, req, reply, 'recovery');
    if (ctx.sessions.current(req))
      throw errors.sessionAlreadyAvailable('recovery', flow.returnTo ?? ctx.urls.defaultReturn);
    if ((body.method || 'code') !== 'code') {
      flow.data.messages.push(uiText(MSG.recoveryNoStrategy));
      return sendFlow(ctx, req, reply, flow, 400);
    }
    if (flow.state === 'passed_challenge') {
      flow.data.messages.push(uiText(MSG.recoveryRetrySuccess));
      return sendFlow(ctx, req, reply, flow, 400);
    }
    const code = (body.code ?? '').trim();
    if (code && flow.state === 'sent_email') {
      const used = redeemCode(ctx, flow, code);
      if (!used || !used.identityId) {
        flow.data.messages.push(uiText(MSG.recoveryCodeInvalid));
        return sendFlow(ctx, req, reply, flow, 200);
      }
      const identityId = used.identityId;
      const now = ctx.now();
      ctx.repo.markAddressVerified(used.address, now); // the code proved the address
      ctx.sessions.issue(req, reply, identityId, 'code_recovery', 'aal1');
      const settings = ctx.flows.create(req, reply, 'settings', {
        identityId,
        csrfToken: flow.csrfToken,
        returnTo: flow.returnTo,
        data: {
          messages: [
            uiText(MSG.recoverySuccessful, {
              minutes_left_in_privileged_session: ctx.sessions.privilegedMs / 60000,
              privileged_session_expires_at: new Date(now + ctx.sessions.privilegedMs).toISOString(),
              privileged_session_expires_at_unix: Math.floor((now + ctx.sessions.privilegedMs) / 1000),
            }),
          ],
          fieldMessages: {},
          values: {},
        },
      });
      req.log.info({ identityId, flowId: flow.id }, 'identity: account recovered');
      flow.state = 'passed_challenge';
      flow.data.continueWith = [
        {
          action: 'show_settings_ui',
          flow: { id: settings.id, url: ctx.urls.ui('settings', { flow: settings.id }) },
        },
      ];
      ctx.repo.saveFlow(flow);
      if (ctx.isJson(req)) return sendFlow(ctx, req, reply, flow, 200);
      return reply.redirect(ctx.urls.ui('settings', { flow: settings.id }), 303);
    }
    const email = (body.email ?? '').trim();
    if (!validEmail(ctx, flow, email)) return sendFlow(ctx, req, reply, flow, 400);
    if (!(await sendCode(ctx, req, reply, flow, 'recovery', email)))
      return sendFlow(ctx, req, reply, flow, TOO_MANY_REQUESTS);
    return sendFlow(ctx, req, reply, flow, 200);
  });
}
