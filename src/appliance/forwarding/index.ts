/**
 * Remote syslog (System → Log forwarding): the targets' API (admins; changes need a recent sign-in, as they send the
 * audit trail elsewhere) and the forwarder listening to the audit chain and the log store. TLS material stays in
 * the PKI: a target names a certificate (with its key) and a CA by id.
 */
import type { FastifyInstance } from 'fastify';
import * as forwarding from '../../shared/contracts/forwarding';
import type { StoredLogEntry } from '../../shared/logServices';
import { auditText, type Audit } from '../audit';
import type { AuditChain } from '../auditChain';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { contractRoute } from '../http/contractRoute';
import { HttpError, notFound } from '../http/errors';
import { offered } from '../offers';
import { Forwarder, type TlsSource } from './forwarder';
import { registerForwardingSection } from './section';
import { targetTlsErrors, type TlsChoices } from './tls';

export { Forwarder } from './forwarder';
export { deleteTargetRows, storeTargetRow } from './store';
export { targetTlsErrors } from './tls';

const forwarders = new WeakMap<ApplianceContext, Forwarder>();

/** The forwarder of an appliance (status for alerts, tests). */
export function forwarderOf(ctx: ApplianceContext): Forwarder | undefined {
  return forwarders.get(ctx);
}

export interface ForwardingSources {
  chain: AuditChain;
  /** The log store's subscription (absent when the server has no log store). */
  subscribeLogs?: (listener: (entries: readonly StoredLogEntry[]) => void) => () => void;
  /** Writes the forwarder's own log entries (queue drops). */
  log: (message: string, severity: 'warning' | 'info') => void;
  tls: TlsSource;
}

export function startForwarder(ctx: ApplianceContext, sources: ForwardingSources): Forwarder {
  const forwarder = new Forwarder({ db: ctx.db, tls: sources.tls, log: sources.log, now: () => ctx.now() });
  forwarders.set(ctx, forwarder);
  sources.chain.subscribe((r) => forwarder.onAudit(r));
  const audit: Audit = ctx.audit;
  sources.subscribeLogs?.((entries) => {
    // Audit records reach the forwarder from the chain, with their fields; their copy in the log store is skipped.
    if (audit.writingRecord?.()) return;
    forwarder.onLogs(entries);
  });
  return forwarder;
}

function checkTls(body: forwarding.ForwardingTargetBody, choices: TlsChoices) {
  const items = targetTlsErrors(body, choices);
  if (items.length) throw new HttpError(422, items);
}

/** The targets' routes and the feature's configuration section; the PKI's choices are what the PKI offers. */
export function registerForwardingRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  forwarder: () => Forwarder,
): void {
  const pkiChoices = offered(ctx, 'pkiTlsChoices');
  registerForwardingSection(ctx, forwarder);
  const one = (id: number) => {
    const t = forwarder().get(id);
    if (!t) throw notFound('Log forwarding target does not exist');
    return t;
  };

  contractRoute(scope, forwarding.listTargets, { access: 'admin' }, async () => ({
    data: forwarder().list(),
    ...pkiChoices(),
  }));

  contractRoute(scope, forwarding.createTarget, { access: 'admin', reauth: true }, async (req, reply) => {
    checkTls(req.body, pkiChoices());
    const id = forwarder().save(null, req.body);
    ctx.audit.record(
      'settings',
      `log forwarding target "${auditText(req.body.name)}" (${req.body.protocol} ${auditText(req.body.host)}:${req.body.port}) added by "${auditText(currentUser(req).username)}"`,
      { object: `log forwarding target ${id}` },
    );
    return reply.code(201).send(one(id));
  });

  contractRoute(scope, forwarding.updateTarget, { access: 'admin', reauth: true }, async (req) => {
    const id = Number(req.params.id);
    one(id);
    checkTls(req.body, pkiChoices());
    forwarder().save(id, req.body);
    ctx.audit.record(
      'settings',
      `log forwarding target "${auditText(req.body.name)}" (${req.body.protocol} ${auditText(req.body.host)}:${req.body.port}) changed by "${auditText(currentUser(req).username)}"`,
      { object: `log forwarding target ${id}` },
    );
    return one(id);
  });

  contractRoute(scope, forwarding.deleteTarget, { access: 'admin', reauth: true }, async (req, reply) => {
    const t = one(Number(req.params.id));
    forwarder().remove(t.id);
    ctx.audit.record(
      'settings',
      `log forwarding target "${auditText(t.name)}" removed by "${auditText(currentUser(req).username)}"`,
      { object: `log forwarding target ${t.id}` },
    );
    return reply.code(204).send();
  });

  contractRoute(scope, forwarding.testTarget, { access: 'admin' }, async (req) => {
    const t = one(Number(req.params.id));
    if (!t.enabled) throw new HttpError(409, 'The target is disabled: enable it to send a test message');
    forwarder().sendTest(t.id, auditText(currentUser(req).username));
    // Give the sender a moment, so the answer usually says whether it went out.
    const until = Date.now() + 3000;
    while (Date.now() < until && forwarder().statusOf(t.id).pending > 0)
      await new Promise((r) => setTimeout(r, 50));
    return one(t.id);
  });
}
