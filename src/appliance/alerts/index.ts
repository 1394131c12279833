/**
 * Alerts (issue: alerts and integrations): the engine with the appliance's checks, evaluated every minute and when
 * an admin asks, and the API that lists them. Channels (e-mail, webhook, the notification center's history) listen
 * to the engine's transitions.
 */
import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/contracts/alerts';
import type { ForwardingStatus } from '../../shared/contracts/forwarding';
import { loginThrottle } from '../auth/lockout';
import { AuditService, auditText } from '../audit';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { emitApplianceEvent, onApplianceEvent } from '../events';
import { offer, offered } from '../offers';
import { contractRoute } from '../http/contractRoute';
import { HttpError } from '../http/errors';
import { pageOf } from '../http/listing';
import { supervisorOf } from '../services';
import { readAlertSettings, writeAlertSettings } from './thresholds';
import { registerAlertSections } from './section';
import { AlertChannels, ChannelConflict, checkChannel, type ChannelOptions } from './channels';
import { AlertEngine, type Alert } from './engine';
import {
  accountExpiryDays,
  accountFindings,
  acmeFindings,
  CRL_DUE_WINDOW,
  horizonOf,
  backupFindings,
  caFindings,
  certificateFindings,
  crlFindings,
  forwardingFindings,
  lockoutFindings,
  rollbackFindings,
  serviceFindings,
  updateFindings,
} from './findings';

export { AlertEngine, type Alert, type AlertTransition } from './engine';
export { AlertChannels, checkChannel, SIGNATURE_HEADER, signatureOf } from './channels';
export { readAlertSettings, writeAlertSettings } from './thresholds';

export const EVALUATE_EVERY_MS = 60_000;
export const alertsQuery = contract.alertsQuery;
export const channelBody = contract.channelBody;

const SEVERITY_RANK = { critical: 0, warning: 1, info: 2 } as const;
/** How far back the notification center's history reaches, and how much of it. */
const HISTORY_MS = 30 * 86_400_000;
const HISTORY_LIMIT = 50;

/** An alert as the API answers it. */
export const alertView = (a: Alert): contract.AlertItem => ({
  ...a,
  acknowledgeable: a.kind === 'safe_apply_rollback' && a.state === 'firing',
});

/** What other features report to the alerts, given by the assembly (a feature imports no other feature). */
export interface AlertSources {
  /** Remote syslog targets and their delivery status. */
  forwarding?: () => ReadonlyArray<{ id: number; name: string; status: ForwardingStatus }>;
}

export function createAlertEngine(ctx: ApplianceContext, sources: AlertSources = {}): AlertEngine {
  const db = ctx.db;
  const throttle = loginThrottle(db);
  const pkiEndings = offered(ctx, 'pkiEndings');
  const pkiCrlsDue = offered(ctx, 'pkiCrlsDue');
  const pkiFailedAcmeOrders = offered(ctx, 'pkiFailedAcmeOrders');
  const accountsExpiring = offered(ctx, 'accountsExpiring');
  const updatesAvailable = offered(ctx, 'updatesAvailable');
  return new AlertEngine(
    db,
    [
      // What the PKI, the accounts and the updates tell (../offers.ts): their tables are theirs to read.
      (now) => {
        const steps = readAlertSettings(db).expiry_days;
        const { certificates, cas } = pkiEndings(now + horizonOf(steps));
        return [...certificateFindings(certificates, now, steps), ...caFindings(cas, now, steps)];
      },
      (now) => crlFindings(pkiCrlsDue(now + CRL_DUE_WINDOW), now),
      () => acmeFindings(pkiFailedAcmeOrders()),
      (now) => lockoutFindings(throttle.locks(now).length, readAlertSettings(db).lockout_threshold),
      async () => {
        const supervisor = supervisorOf(ctx);
        if (!supervisor) return [];
        const states = [];
        for (const name of ['dns', 'ssh'])
          if (supervisor.unit(name)) states.push(await supervisor.state(name));
        return serviceFindings(states);
      },
      (now) => accountFindings(accountsExpiring(...accountExpiryDays(now))),
      () => {
        const { current, available } = updatesAvailable();
        return updateFindings(available, current);
      },
      (now) => rollbackFindings(db, now),
      () => backupFindings(db),
      () => forwardingFindings(sources.forwarding?.() ?? []),
    ],
    ctx.now,
  );
}

/** Registers the alert routes under the API base and starts the schedule (stopped when the server closes). */
export function registerAlerts(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  options: ChannelOptions = {},
  sources: AlertSources = {},
): { engine: AlertEngine; channels: AlertChannels } {
  registerAlertSections(ctx);
  const engine = createAlertEngine(ctx, sources);
  const channels = new AlertChannels(ctx, options);
  engine.onTransition((t) => channels.dispatch(t));
  // What the fleet's agent reports: the transitions as they happen, the firing count when asked.
  engine.onTransition(({ alert: a, change }) =>
    emitApplianceEvent(
      ctx,
      'alertChanged',
      { change, key: a.key, kind: a.kind, severity: a.severity, summary: a.summary, at: ctx.now() },
      scope.log,
    ),
  );
  offer(ctx, 'alertsFiring', () => {
    const counts = { critical: 0, warning: 0, info: 0 };
    for (const a of engine.firing()) counts[a.severity] += 1;
    return counts;
  });
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

  // A backup's outcome is kept per target: the last one failing is an alert, the next success resolves it.
  onApplianceEvent(ctx, 'backupFinished', (e) => {
    ctx.db
      .prepare(
        `INSERT INTO alert_backup_results (target, ok, error, at) VALUES (?, ?, ?, ?)
         ON CONFLICT (target) DO UPDATE SET ok = excluded.ok, error = excluded.error, at = excluded.at`,
      )
      .run(e.target, e.ok ? 1 : 0, e.ok ? null : (e.error ?? null), ctx.now());
    evaluateSoon();
  });
  const evaluateSoon = () =>
    void engine.evaluate().catch((e: unknown) => scope.log.error({ err: e }, 'alert evaluation failed'));

  contractRoute(scope, contract.listAlerts, { access: 'admin' }, async (req) => {
    const page = pageOf<Alert>(engine.all(), req.query, {
      sort: {
        severity: (a) => SEVERITY_RANK[a.severity],
        last_seen: (a) => a.last_seen,
        first_seen: (a) => a.first_seen,
        subject: (a) => a.subject,
      },
      text: (a) => [a.subject, a.summary],
      filters: {
        state: (a, v) => a.state === v,
        severity: (a, v) => a.severity === v,
        kind: (a, v) => a.kind === v,
      },
    });
    return { ...page, data: page.data.map(alertView) };
  });

  // Checks now rather than at the next minute (after fixing something, an admin wants to see it resolved).
  contractRoute(scope, contract.evaluateAlerts, { access: 'admin' }, async () => {
    const transitions = await engine.evaluate();
    return {
      fired: transitions.filter((t) => t.change === 'fired').length,
      resolved: transitions.filter((t) => t.change === 'resolved').length,
    };
  });

  contractRoute(scope, contract.acknowledgeAlert, { access: 'admin' }, async (req) => {
    const alert = engine.byId(Number(req.params.id));
    if (!alert) throw new HttpError(404, 'not found');
    if (!alertView(alert).acknowledgeable)
      throw new HttpError(
        409,
        'only a firing rollback alert is acknowledged: the others end with their cause',
      );
    const user = currentUser(req).username;
    ctx.db
      .prepare('INSERT OR REPLACE INTO alert_acknowledgements (key, by, at) VALUES (?, ?, ?)')
      .run(alert.key, user, ctx.now());
    ctx.audit.record(
      AuditService.settings,
      `${auditText(user)} acknowledged the alert: ${auditText(alert.summary)}`,
    );
    await engine.evaluate();
    return alertView(engine.byId(alert.id)!);
  });

  contractRoute(scope, contract.getAlertSettings, { access: 'admin' }, async () => readAlertSettings(ctx.db));
  contractRoute(scope, contract.putAlertSettings, { access: 'admin', reauth: true }, async (req) => {
    const saved = writeAlertSettings(ctx.db, req.body);
    ctx.audit.record(
      AuditService.settings,
      `${auditText(currentUser(req).username)} changed the alert thresholds (expiry ${saved.expiry_days.join('/')} days, lockouts ${saved.lockout_threshold})`,
    );
    await engine.evaluate();
    return saved;
  });

  // The bell: every firing alert, then the last month's resolved ones; read state per account, on the appliance
  // (an admin who reads on one browser has read on the others).
  const readAt = (username: string) =>
    (
      ctx.db.prepare('SELECT read_at FROM alert_notification_reads WHERE username = ?').get(username) as
        { read_at: number } | undefined
    )?.read_at ?? null;
  contractRoute(scope, contract.getNotifications, { access: 'admin' }, async (req) => {
    const read = readAt(currentUser(req).username);
    return {
      unread: engine.changedSince(read ?? 0),
      read_at: read,
      firing: engine.firing().map(alertView),
      recent: engine.resolvedSince(ctx.now() - HISTORY_MS, HISTORY_LIMIT).map(alertView),
    };
  });
  contractRoute(scope, contract.markNotificationsRead, { access: 'admin' }, async (req) => {
    const at = ctx.now();
    ctx.db
      .prepare(
        `INSERT INTO alert_notification_reads (username, read_at) VALUES (?, ?)
         ON CONFLICT (username) DO UPDATE SET read_at = excluded.read_at`,
      )
      .run(currentUser(req).username, at);
    return { read_at: at };
  });

  contractRoute(scope, contract.listChannels, { access: 'admin' }, async () => ({ data: channels.list() }));
  const conflict = (e: unknown): never => {
    if (e instanceof ChannelConflict) throw new HttpError(e.message === 'not found' ? 404 : 409, e.message);
    if (e instanceof Error && /UNIQUE/.test(e.message))
      throw new HttpError(409, 'a channel of that name exists');
    throw e;
  };
  contractRoute(scope, contract.createChannel, { access: 'admin', reauth: true }, async (req, reply) => {
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
  });
  contractRoute(scope, contract.putChannel, { access: 'admin', reauth: true }, async (req) => {
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
  });
  contractRoute(scope, contract.deleteChannel, { access: 'admin', reauth: true }, async (req, reply) => {
    const channel = channels.get(Number(req.params.id));
    if (!channel || !channels.remove(channel.id)) throw new HttpError(404, 'not found');
    ctx.audit.record(
      AuditService.settings,
      `${auditText(currentUser(req).username)} deleted the alert channel ${auditText(channel.name)}`,
    );
    return reply.code(204).send();
  });
  contractRoute(scope, contract.testChannel, { access: 'admin' }, async (req) => {
    try {
      return await channels.sendTest(Number(req.params.id));
    } catch (e) {
      return conflict(e);
    }
  });
  contractRoute(scope, contract.channelDeliveries, { access: 'admin' }, async (req) => {
    if (!channels.get(Number(req.params.id))) throw new HttpError(404, 'not found');
    return { data: channels.deliveries(Number(req.params.id)) };
  });
  return { engine, channels };
}
