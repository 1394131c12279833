/**
 * The audit trail's check (`{api}audit/verify`) and remote syslog (`{api}forwarding/…`): the targets the audit trail
 * and chosen services' logs are forwarded to as RFC 5424 over UDP, TCP or TLS, each with its disk-backed queue's
 * state. Admins only (the audit trail is theirs).
 */
import { Type, type Static } from '@sinclair/typebox';
import { LOG_SERVICES } from '../logServices';
import { endpoint } from './endpoint';
import { nullable, stringEnum } from './fields';

/** `GET {api}audit/verify`: the whole chain walked; the first broken record when it is not intact. */
export const auditVerifyAnswer = Type.Object({
  ok: Type.Boolean(),
  /** Records found intact before the answer (all of them when `ok`). */
  records: Type.Integer({ minimum: 0 }),
  /** The first broken record's sequence number (null when intact). */
  seq: nullable(Type.Integer()),
  detail: Type.String(),
});
export type AuditVerifyAnswer = Static<typeof auditVerifyAnswer>;

export const verifyAudit = endpoint({
  method: 'GET',
  path: 'audit/verify',
  response: auditVerifyAnswer,
  summary: 'Check the hash chain of the audit trail',
});

export const SYSLOG_PROTOCOLS = ['udp', 'tcp', 'tls'] as const;
export type SyslogProtocol = (typeof SYSLOG_PROTOCOLS)[number];
/** Records a target's queue holds by default while its collector is unreachable (then the oldest are dropped). */
export const DEFAULT_QUEUE_LIMIT = 100_000;
export const MAX_QUEUE_LIMIT = 1_000_000;
export const MIN_QUEUE_LIMIT = 100;

export const forwardingTargetBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 64,
      format: 'safe-text',
      description: 'What the target is called.',
    }),
    enabled: Type.Boolean(),
    protocol: stringEnum(SYSLOG_PROTOCOLS, {
      description: 'UDP (one message per datagram), TCP or TLS (RFC 6587 octet counting).',
    }),
    host: Type.String({
      minLength: 1,
      maxLength: 253,
      format: 'safe-text',
      description: 'The collector: a name or an address. TLS checks its certificate against this name.',
    }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    audit: Type.Boolean({
      description: 'Forward the audit trail (with actor, method, address, object and outcome).',
    }),
    services: Type.Array(stringEnum(LOG_SERVICES), {
      uniqueItems: true,
      maxItems: LOG_SERVICES.length,
      description: 'The services whose logs are forwarded too.',
    }),
    tls_certificate_id: nullable(Type.String({ maxLength: 64 }), {
      description: 'TLS: the PKI certificate (with its key) the appliance presents.',
    }),
    tls_ca_id: nullable(Type.String({ maxLength: 64 }), {
      description: 'TLS: the PKI certificate authority the collector’s certificate must chain to.',
    }),
    queue_limit: Type.Integer({
      minimum: MIN_QUEUE_LIMIT,
      maximum: MAX_QUEUE_LIMIT,
      description: 'Records kept while the collector is unreachable; beyond it the oldest are dropped.',
    }),
  },
  { additionalProperties: false },
);
export type ForwardingTargetBody = Static<typeof forwardingTargetBody>;

export const forwardingStatus = Type.Object({
  /** Records waiting in the queue. */
  pending: Type.Integer({ minimum: 0 }),
  /** Records dropped (oldest first) because the queue was full, since the target was created. */
  dropped: Type.Integer({ minimum: 0 }),
  /** True while records are being dropped (an alert-ready condition). */
  dropping: Type.Boolean(),
  last_error: nullable(Type.String()),
  /** Milliseconds since the epoch. */
  last_error_at: nullable(Type.Number()),
  last_sent_at: nullable(Type.Number()),
  last_dropped_at: nullable(Type.Number()),
  connected: Type.Boolean(),
});
export type ForwardingStatus = Static<typeof forwardingStatus>;

export const forwardingTarget = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  protocol: stringEnum(SYSLOG_PROTOCOLS),
  host: Type.String(),
  port: Type.Integer(),
  audit: Type.Boolean(),
  services: Type.Array(stringEnum(LOG_SERVICES)),
  tls_certificate_id: nullable(Type.String()),
  tls_ca_id: nullable(Type.String()),
  queue_limit: Type.Integer(),
  status: forwardingStatus,
});
export type ForwardingTarget = Static<typeof forwardingTarget>;

const pkiChoice = Type.Object({ id: Type.String(), name: Type.String(), subject: Type.String() });

export const forwardingTargets = Type.Object({
  data: Type.Array(forwardingTarget),
  /** What a TLS target may present and trust: PKI certificates with a key, and CAs (the appliance's or imported). */
  certificates: Type.Array(pkiChoice),
  cas: Type.Array(pkiChoice),
});
export type ForwardingTargets = Static<typeof forwardingTargets>;

const targetId = Type.Object(
  { id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'The target.' }) },
  { additionalProperties: false },
);

export const listTargets = endpoint({
  method: 'GET',
  path: 'forwarding/targets',
  response: forwardingTargets,
  summary: 'List the remote syslog targets with their queues',
});

export const createTarget = endpoint({
  method: 'POST',
  path: 'forwarding/targets',
  body: forwardingTargetBody,
  response: forwardingTarget,
  status: 201,
  summary: 'Add a remote syslog target',
});

export const updateTarget = endpoint({
  method: 'PUT',
  path: 'forwarding/targets/:id',
  params: targetId,
  body: forwardingTargetBody,
  response: forwardingTarget,
  summary: 'Change a remote syslog target',
});

export const deleteTarget = endpoint({
  method: 'DELETE',
  path: 'forwarding/targets/:id',
  params: targetId,
  status: 204,
  summary: 'Remove a remote syslog target (its queue goes with it)',
});

export const testTarget = endpoint({
  method: 'POST',
  path: 'forwarding/targets/:id/test',
  params: targetId,
  response: forwardingTarget,
  summary: 'Queue a test message to a target and try to send it now',
});
