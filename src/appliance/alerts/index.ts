/**
 * Alerts (issue: alerts and integrations): the engine with the appliance's checks, evaluated every minute and when
 * an admin asks, and the API that lists them. Channels (e-mail, webhook, the notification center's history) listen
 * to the engine's transitions.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { listQuery, oneOf } from '../../shared/contracts/listing';
import { loginThrottle } from '../auth/lockout';
import { AuditService, auditText } from '../audit';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { pageOf } from '../http/listing';
import { isEmail } from '../../lib/validation/validators';
import { supervisorOf } from '../services';
import { AlertChannels, ChannelConflict, type ChannelInput, type ChannelOptions } from './channels';
import { AlertEngine, type Alert } from './engine';
import {
  accountFindings,
  acmeFindings,
  caFindings,
  certificateFindings,
  crlFindings,
  lockoutFindings,
  serviceFindings,
} from './findings';

export { AlertEngine, type Alert, type AlertTransition } from './engine';
export { AlertChannels, SIGNATURE_HEADER, signatureOf } from './channels';

export const EVALUATE_EVERY_MS = 60_000;

export const alertsQuery = listQuery(['severity', 'last_seen', 'first_seen', 'subject'], {
  state: oneOf(['firing', 'resolved'], 'Only firing or only resolved alerts.'),
  severity: oneOf(['critical', 'warning', 'info'], 'Only alerts of this severity.'),
});

const SEVERITY_RANK = { critical: 0, warning: 1, info: 2 } as const;

const KINDS = [
  'certificate_expiry',
  'ca_expiry',
  'crl_next_update',
  'acme_order_failed',
  'lockouts',
  'service_down',
  'account_expiry',
] as const;

export const channelBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[^\\u0000-\\u001f]+$',
      description: 'What the channel is called.',
    }),
    type: Type.Union([Type.Literal('email'), Type.Literal('webhook')]),
    enabled: Type.Boolean(),
    min_severity: Type.Union([Type.Literal('critical'), Type.Literal('warning'), Type.Literal('info')], {
      description: 'The lowest severity the channel receives.',
    }),
    kinds: Type.Array(Type.Union(KINDS.map((k) => Type.Literal(k))), {
      uniqueItems: true,
      description: 'The kinds of alerts it receives; empty: all.',
    }),
    recipients: Type.Optional(
      Type.Array(Type.String({ maxLength: 254 }), { maxItems: 20, description: 'E-mail: the recipients.' }),
    ),
    url: Type.Optional(
      Type.String({
        maxLength: 2048,
        pattern: '^https?://',
        description: 'Webhook: the address it posts to.',
      }),
    ),
    secret: Type.Optional(
      Type.String({
        minLength: 16,
        maxLength: 256,
        description: 'Webhook: the HMAC-SHA256 signing secret (write only).',
      }),
    ),
  },
  { additionalProperties: false },
);
const channelId = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });

/** What the schema cannot say: an e-mail channel needs valid recipients, a webhook a valid address. */
function checkChannel(body: ChannelInput): void {
  if (body.type === 'email') {
    const bad = (body.recipients ?? []).findIndex((r) => !isEmail(r));
    if (!body.recipients?.length)
      throw new HttpError(422, [
        {
          loc: ['body', 'recipients'],
          msg: 'an e-mail channel needs at least one recipient',
          type: 'value_error.missing',
        },
      ]);
    if (bad >= 0)
      throw new HttpError(422, [
        {
          loc: ['body', 'recipients', bad],
          msg: 'value is not a valid email address',
          type: 'value_error.email',
        },
      ]);
  } else {
    let valid: boolean;
    try {
      const u = new URL(body.url ?? '');
      valid = (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      valid = false;
    }
    if (!valid)
      throw new HttpError(422, [
        {
          loc: ['body', 'url'],
          msg: 'a webhook needs an http(s) address without user name or password',
          type: 'value_error.url',
        },
      ]);
  }
}

export function createAlertEngine(ctx: ApplianceContext): AlertEngine {
  const db = ctx.db;
  const throttle = loginThrottle(db);
  return new AlertEngine(
    db,
    [
      (now) => certificateFindings(db, now),
      (now) => caFindings(db, now),
      (now) => crlFindings(db, now),
      () => acmeFindings(db),
      (now) => lockoutFindings(throttle.locks(now).length),
      async () => {
        const supervisor = supervisorOf(ctx);
        if (!supervisor) return [];
        const states = [];
        for (const name of ['dns', 'ssh'])
          if (supervisor.unit(name)) states.push(await supervisor.state(name));
        return serviceFindings(states);
      },
      (now) => accountFindings(db, now),
    ],
    ctx.now,
  );
}

/** Registers the alert routes under the API base and starts the schedule (stopped when the server closes). */
export function registerAlerts(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  options: ChannelOptions = {},
): { engine: AlertEngine; channels: AlertChannels } {
  const engine = createAlertEngine(ctx);
  const channels = new AlertChannels(ctx, options);
  engine.onTransition((t) => channels.dispatch(t));
  const timer = setInterval(() => {
    engine.evaluate().catch((e: unknown) => scope.log.error({ err: e }, 'alert evaluation failed'));
  }, EVALUATE_EVERY_MS);
  timer.unref();
  scope.addHook('onReady', async () => {
    await engine.evaluate();
  });
  // Deliveries under way finish (and are logged) before the server closes its database.
  scope.addHook('preClose', async () => {
    clearInterval(timer);
    await channels.settle();
  });

  scope.get<{ Querystring: Static<typeof alertsQuery> }>(
    '/alerts',
    { config: { access: 'admin' }, schema: { querystring: alertsQuery } },
    async (req) =>
      pageOf<Alert>(engine.all(), req.query, {
        sort: {
          severity: (a) => SEVERITY_RANK[a.severity],
          last_seen: (a) => a.last_seen,
          first_seen: (a) => a.first_seen,
          subject: (a) => a.subject,
        },
        text: (a) => [a.subject, a.summary],
        filters: { state: (a, v) => a.state === v, severity: (a, v) => a.severity === v },
      }),
  );

  // Checks now rather than at the next minute (after fixing something, an admin wants to see it resolved).
  scope.post(
    '/alerts/evaluate',
    {
      config: { access: 'admin' },
      schema: { body: Type.Optional(Type.Object({}, { additionalProperties: false })) },
    },
    async () => {
      const transitions = await engine.evaluate();
      return {
        fired: transitions.filter((t) => t.change === 'fired').length,
        resolved: transitions.filter((t) => t.change === 'resolved').length,
      };
    },
  );

  scope.get('/alerts/channels', { config: { access: 'admin' } }, async () => ({ data: channels.list() }));
  const conflict = (e: unknown) => {
    if (e instanceof ChannelConflict) throw new HttpError(e.message === 'not found' ? 404 : 409, e.message);
    if (e instanceof Error && /UNIQUE/.test(e.message))
      throw new HttpError(409, 'a channel of that name exists');
    throw e;
  };
  scope.post<{ Body: ChannelInput }>(
    '/alerts/channels',
    { config: { access: 'admin', reauth: true }, schema: { body: channelBody } },
    async (req, reply) => {
      checkChannel(req.body);
      try {
        const channel = channels.create(req.body);
        ctx.audit.record(
          AuditService.settings,
          `${auditText(currentUser(req).username)} created the alert channel ${auditText(channel.name)} (${channel.type})`,
        );
        return await reply.code(201).send(channel);
      } catch (e) {
        return conflict(e);
      }
    },
  );
  scope.put<{ Params: { id: string }; Body: ChannelInput }>(
    '/alerts/channels/:id',
    { config: { access: 'admin', reauth: true }, schema: { params: channelId, body: channelBody } },
    async (req) => {
      checkChannel(req.body);
      try {
        const channel = channels.update(Number(req.params.id), req.body);
        ctx.audit.record(
          AuditService.settings,
          `${auditText(currentUser(req).username)} changed the alert channel ${auditText(channel.name)}`,
        );
        return channel;
      } catch (e) {
        return conflict(e);
      }
    },
  );
  scope.delete<{ Params: { id: string } }>(
    '/alerts/channels/:id',
    { config: { access: 'admin', reauth: true }, schema: { params: channelId } },
    async (req, reply) => {
      const channel = channels.get(Number(req.params.id));
      if (!channel || !channels.remove(channel.id)) throw new HttpError(404, 'not found');
      ctx.audit.record(
        AuditService.settings,
        `${auditText(currentUser(req).username)} deleted the alert channel ${auditText(channel.name)}`,
      );
      return reply.code(204).send();
    },
  );
  scope.post<{ Params: { id: string } }>(
    '/alerts/channels/:id/test',
    { config: { access: 'admin' }, schema: { params: channelId } },
    async (req) => {
      try {
        return await channels.sendTest(Number(req.params.id));
      } catch (e) {
        return conflict(e);
      }
    },
  );
  scope.get<{ Params: { id: string } }>(
    '/alerts/channels/:id/deliveries',
    { config: { access: 'admin' }, schema: { params: channelId } },
    async (req) => {
      if (!channels.get(Number(req.params.id))) throw new HttpError(404, 'not found');
      return { data: channels.deliveries(Number(req.params.id)) };
    },
  );
  return { engine, channels };
}
