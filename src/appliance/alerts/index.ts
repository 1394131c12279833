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
import type { ApplianceContext } from '../context';
import { pageOf } from '../http/listing';
import { supervisorOf } from '../services';
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

export const EVALUATE_EVERY_MS = 60_000;

export const alertsQuery = listQuery(['severity', 'last_seen', 'first_seen', 'subject'], {
  state: oneOf(['firing', 'resolved'], 'Only firing or only resolved alerts.'),
  severity: oneOf(['critical', 'warning', 'info'], 'Only alerts of this severity.'),
});

const SEVERITY_RANK = { critical: 0, warning: 1, info: 2 } as const;

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
export function registerAlerts(scope: FastifyInstance, ctx: ApplianceContext): AlertEngine {
  const engine = createAlertEngine(ctx);
  const timer = setInterval(() => {
    engine.evaluate().catch((e: unknown) => scope.log.error({ err: e }, 'alert evaluation failed'));
  }, EVALUATE_EVERY_MS);
  timer.unref();
  scope.addHook('onReady', async () => {
    await engine.evaluate();
  });
  scope.addHook('onClose', async () => clearInterval(timer));

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
  return engine;
}
