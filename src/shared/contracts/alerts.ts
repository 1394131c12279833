/**
 * Alerts (issue 30): what the appliance's alert engine found (one alert per subject, firing or resolved), its
 * thresholds, the channels alerts go to (e-mail, signed webhooks) with their delivery log, and the notification
 * center's history (the bell: firing alerts first, then the recent past, unread per account).
 *
 *   GET  {api}alerts?state=firing&severity=critical&kind=certificate_expiry&q=web
 *   POST {api}alerts/evaluate                 → { fired, resolved }
 *   POST {api}alerts/{id}/acknowledge         (a safe-apply rollback: resolves it)
 *   GET  {api}alerts/settings, PUT            (expiry steps in days, lockout threshold)
 *   GET  {api}alerts/notifications            → { unread, read_at, firing, recent }
 *   POST {api}alerts/notifications/read       (this account has seen everything up to now)
 *   GET  {api}alerts/channels, POST, PUT/DELETE {api}alerts/channels/{id}
 *   POST {api}alerts/channels/{id}/test, GET {api}alerts/channels/{id}/deliveries
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { epochMs, nullable, stringEnum } from './fields';
import { listPage, listQuery, oneOf } from './listing';
import * as coreRoutes from './coreRoutes';
import { ALERT_SEVERITIES } from './values';

export { ALERT_SEVERITIES, SEVERITY_LABELS, type AlertSeverity } from './values';

export const ALERT_KINDS = [
  'certificate_expiry',
  'ca_expiry',
  'crl_next_update',
  'acme_order_failed',
  'lockouts',
  'service_down',
  'account_expiry',
  'updates_available',
  'security_updates',
  'safe_apply_rollback',
  'backup_failed',
  'forwarding_failing',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  certificate_expiry: 'Certificate expiry',
  ca_expiry: 'Authority expiry',
  crl_next_update: 'Revocation list update',
  acme_order_failed: 'ACME order failed',
  lockouts: 'Lockout storm',
  service_down: 'Service down',
  account_expiry: 'Account expiry',
  updates_available: 'Update available',
  security_updates: 'Security update pending',
  safe_apply_rollback: 'Change rolled back',
  backup_failed: 'Backup failing',
  forwarding_failing: 'Log forwarding failing',
};

export const ALERT_STATES = ['firing', 'resolved'] as const;

export const alertItem = Type.Object({
  id: Type.Integer(),
  key: Type.String({ description: 'The kind and its subject: one alert per key.' }),
  kind: stringEnum(ALERT_KINDS),
  severity: stringEnum(ALERT_SEVERITIES),
  state: stringEnum(ALERT_STATES),
  subject: Type.String({ description: 'What the alert is about (a certificate’s name, a service).' }),
  summary: Type.String(),
  link: Type.String({ description: 'The console page of the subject.' }),
  first_seen: epochMs({ description: 'When it started firing (this time).' }),
  last_seen: epochMs({ description: 'The last check that found it.' }),
  resolved_at: nullable(Type.Number(), { description: 'When it stopped firing.' }),
  acknowledgeable: Type.Boolean({ description: 'An admin resolves it by acknowledging it (a rollback).' }),
});
export type AlertItem = Static<typeof alertItem>;

export const alertsQuery = listQuery(['severity', 'last_seen', 'first_seen', 'subject'], {
  state: oneOf(ALERT_STATES, 'Only firing or only resolved alerts.'),
  severity: oneOf(ALERT_SEVERITIES, 'Only alerts of this severity.'),
  kind: oneOf(ALERT_KINDS, 'Only alerts of this kind.'),
});

export const listAlerts = endpoint({
  method: 'GET',
  path: 'alerts',
  query: alertsQuery,
  response: listPage(alertItem),
  summary: 'The alerts: firing first, then resolved',
});

export const evaluateAlerts = endpoint({
  method: 'POST',
  path: 'alerts/evaluate',
  body: Type.Optional(Type.Object({}, { additionalProperties: false })),
  response: Type.Object({ fired: Type.Integer(), resolved: Type.Integer() }),
  summary: 'Check every alert condition now',
});

const idParams = Type.Object(
  { id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'The identifier.' }) },
  { additionalProperties: false },
);

export const acknowledgeAlert = endpoint({
  method: 'POST',
  path: 'alerts/acknowledge/:id',
  params: idParams,
  body: Type.Optional(Type.Object({}, { additionalProperties: false })),
  response: alertItem,
  summary: 'Acknowledge an alert that ends when seen (a safe-apply rollback)',
});

/** The expiry steps (days before a certificate or an authority ends) the radar starts with. */
export const DEFAULT_EXPIRY_DAYS = [60, 30, 7, 1];
export const DEFAULT_LOCKOUT_THRESHOLD = 5;

export const alertSettings = Type.Object(
  {
    expiry_days: Type.Array(Type.Integer({ minimum: 1, maximum: 365 }), {
      minItems: 1,
      maxItems: 6,
      uniqueItems: true,
      description:
        'Days before a certificate or an authority ends at which it is an alert (the largest starts it): critical within 7 days, warning within 30, information before.',
    }),
    lockout_threshold: Type.Integer({
      minimum: 1,
      maximum: 1000,
      description: 'Names locked out at once from which the lockouts are an alert.',
    }),
  },
  { additionalProperties: false },
);
export type AlertSettings = Static<typeof alertSettings>;

export const getAlertSettings = endpoint({
  method: 'GET',
  path: 'alerts/settings',
  response: alertSettings,
  summary: 'The alert thresholds',
});

export const putAlertSettings = endpoint({
  method: 'PUT',
  path: 'alerts/settings',
  body: alertSettings,
  response: alertSettings,
  summary: 'Change the alert thresholds (checked again at once)',
});

export const notificationsAnswer = Type.Object({
  unread: Type.Integer({ minimum: 0, description: 'Alerts fired or resolved since this account last read.' }),
  read_at: nullable(Type.Number(), { description: 'When this account last read its notifications.' }),
  firing: Type.Array(alertItem, { description: 'Every firing alert, most severe first.' }),
  recent: Type.Array(alertItem, {
    description: 'Alerts resolved in the last 30 days, newest first (at most 50).',
  }),
});
export type NotificationsAnswer = Static<typeof notificationsAnswer>;

export const getNotifications = endpoint({
  ...coreRoutes.getNotifications,
  response: notificationsAnswer,
  summary: 'The notification center’s history: firing alerts, then the recently resolved',
});

export const markNotificationsRead = endpoint({
  ...coreRoutes.markNotificationsRead,
  body: Type.Optional(Type.Object({}, { additionalProperties: false })),
  response: Type.Object({ read_at: Type.Number() }),
  summary: 'Mark the notifications read for this account',
});

export const CHANNEL_TYPES = ['email', 'webhook'] as const;

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
    kinds: Type.Array(Type.Union(ALERT_KINDS.map((k) => Type.Literal(k))), {
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
export type ChannelBody = Static<typeof channelBody>;

export const channelItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: stringEnum(CHANNEL_TYPES),
  enabled: Type.Boolean(),
  min_severity: stringEnum(ALERT_SEVERITIES),
  kinds: Type.Array(stringEnum(ALERT_KINDS)),
  recipients: Type.Optional(Type.Array(Type.String())),
  url: Type.Optional(Type.String()),
  has_secret: Type.Boolean({ description: 'A webhook signing secret is stored (never shown).' }),
  created_at: epochMs(),
});
export type ChannelItem = Static<typeof channelItem>;

export const DELIVERY_EVENTS = ['alert.fired', 'alert.escalated', 'alert.resolved', 'test'] as const;
export const deliveryItem = Type.Object({
  id: Type.Integer(),
  channel_id: Type.Integer(),
  event: stringEnum(DELIVERY_EVENTS),
  alert_key: nullable(Type.String()),
  at: epochMs(),
  outcome: stringEnum(['delivered', 'failed'] as const),
  attempts: Type.Integer({ minimum: 0 }),
  detail: Type.String({ description: 'The receiver’s answer or the error.' }),
});
export type DeliveryItem = Static<typeof deliveryItem>;

export const listChannels = endpoint({
  method: 'GET',
  path: 'alerts/channels',
  response: Type.Object({ data: Type.Array(channelItem) }),
  summary: 'The alert channels',
});

export const createChannel = endpoint({
  method: 'POST',
  path: 'alerts/channels',
  body: channelBody,
  response: channelItem,
  status: 201,
  summary: 'Add an alert channel (e-mail or webhook)',
});

export const putChannel = endpoint({
  method: 'PUT',
  path: 'alerts/channels/:id',
  params: idParams,
  body: channelBody,
  response: channelItem,
  summary: 'Change an alert channel (a webhook whose address changes needs its secret again)',
});

export const deleteChannel = endpoint({
  method: 'DELETE',
  path: 'alerts/channels/:id',
  params: idParams,
  status: 204,
  summary: 'Delete an alert channel and its delivery log',
});

export const testChannel = endpoint({
  method: 'POST',
  path: 'alerts/channels/:id/test',
  params: idParams,
  body: Type.Optional(Type.Object({}, { additionalProperties: false })),
  response: deliveryItem,
  summary: 'Send a test message through a channel; answers its delivery',
});

export const channelDeliveries = endpoint({
  method: 'GET',
  path: 'alerts/channels/:id/deliveries',
  params: idParams,
  response: Type.Object({ data: Type.Array(deliveryItem) }),
  summary: 'A channel’s last 100 deliveries, newest first',
});
