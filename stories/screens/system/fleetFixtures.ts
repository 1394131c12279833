/**
 * The fleet pages' fixtures (stories and tests): appliances of a fleet in each state, as the appliance answers them
 * (src/shared/contracts/fleetEnrolment.ts).
 */
import type {
  FleetAppliance,
  FleetApplianceDetail,
  FleetSettingsAnswer,
  FleetSummary,
} from '../../../src/shared/contracts/fleetEnrolment';
import type { FleetStoredEvent } from '../../../src/shared/contracts/fleetStates';
import type { ServiceState } from '../../../src/shared/contracts/services';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const now = Date.now();

const base: FleetAppliance = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'branch-01',
  group: 'branches',
  state: 'enrolled',
  created_at: iso(now - 48 * HOUR),
  code_expires_at: null,
  enrolled_at: iso(now - 47 * HOUR),
  removed_at: null,
  certificate_id: 'cert-branch-01',
  certificate_serial: '0a1b2c',
  certificate_not_after: iso(now + 300 * 24 * HOUR),
  live: {
    presence: 'online',
    last_seen: iso(now - 5_000),
    offline_since: null,
    version: '1.4.0',
    alerts: { critical: 1, warning: 2, info: 0 },
    certificates_expiring: 3,
    config: 'in_sync',
    console_url: 'https://branch-01.example.net:8443/',
    services: [
      { name: 'dns', state: 'running' },
      { name: 'ssh', state: 'running' },
    ],
    uptime_s: 86_400 * 12,
    load: [0.12, 0.2, 0.18],
    backup: { at: iso(now - 6 * HOUR), ok: true },
    config_revision: 42,
  },
};

export const online = base;
export const offline: FleetAppliance = {
  ...base,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'branch-02',
  live: {
    ...base.live!,
    presence: 'offline',
    last_seen: iso(now - 2 * HOUR),
    offline_since: '2026-11-30T10:15:00.000Z',
    alerts: { critical: 0, warning: 0, info: 0 },
    config: 'changed_locally',
  },
};
export const neverConnected: FleetAppliance = {
  ...base,
  id: '00000000-0000-4000-8000-000000000003',
  name: 'lab-01',
  group: '',
  live: null,
};
export const pending: FleetAppliance = {
  ...base,
  id: '00000000-0000-4000-8000-000000000004',
  name: 'branch-03',
  state: 'pending',
  code_expires_at: iso(now + 20 * HOUR),
  enrolled_at: null,
  certificate_id: null,
  certificate_serial: null,
  certificate_not_after: null,
  live: null,
};
export const removed: FleetAppliance = {
  ...base,
  id: '00000000-0000-4000-8000-000000000005',
  name: 'old-01',
  state: 'removed',
  removed_at: iso(now - 24 * HOUR),
  live: null,
};

export const MARKUP_NAME = '<img src=x onerror="alert(1)">edge';
export const markupNamed: FleetAppliance = {
  ...base,
  id: '00000000-0000-4000-8000-000000000006',
  name: MARKUP_NAME,
  group: '<b>g</b>',
};

export const detailOf = (a: FleetAppliance): FleetApplianceDetail => ({
  ...a,
  history: [
    { at: a.created_at, event: 'added', detail: 'one-time code issued', actor: 'admin' },
    ...(a.enrolled_at
      ? [{ at: a.enrolled_at, event: 'enrolled' as const, detail: 'certificate 0a1b2c', actor: 'system' }]
      : []),
  ],
});

export const summary: FleetSummary = {
  total: 4,
  online: 1,
  offline: 1,
  never_connected: 1,
  alerts: { critical: 1, warning: 2, info: 0 },
  certificates_expiring: 3,
  changed_locally: 1,
};

export const managedSettings: FleetSettingsAnswer = {
  settings: {
    manage: true,
    nats: 'embedded',
    public_host: 'fleet.example.net',
    listen_address: '0.0.0.0',
    nats_port: 4222,
    enrol_port: 4223,
    external_url: '',
    has_external_credentials: false,
  },
  status: {
    ca_id: 'ca-fleet',
    ca_fingerprint_sha256: 'AB:CD:EF',
    enrol_address: 'https://fleet.example.net:4223',
    nats_url: 'tls://fleet.example.net:4222',
    problem: null,
  },
};

export const unmanagedSettings: FleetSettingsAnswer = {
  ...managedSettings,
  settings: { ...managedSettings.settings, manage: false },
  status: { ca_id: null, ca_fingerprint_sha256: null, enrol_address: null, nats_url: null, problem: null },
};

export const serviceState: ServiceState = {
  name: 'fleet',
  label: 'Fleet NATS server',
  status: 'running',
  enabled: true,
  backend: 'embedded',
  pid: 4242,
  since: now - HOUR,
  last_exit: null,
  restarts: 0,
  next_restart_at: null,
  message: null,
  log: [],
};

export const paged = <T>(data: T[], total = data.length) => ({ data, total, page: 1, per_page: 50 });
export const FIRST_PAGE = 'fleet/appliances?page=1&per_page=50&sort=name';

/** A stored event of `online` (seq: its order at the manager; `at`: minutes ago). */
const storedEvent = (seq: number, event: Record<string, unknown>): FleetStoredEvent => ({
  seq,
  appliance_id: online.id,
  kind: event.kind as FleetStoredEvent['kind'],
  at: now - (200 - seq) * 60_000,
  received_at: now - (200 - seq) * 60_000 + 800,
  event: {
    format: 'rampart-fleet-event/1',
    id: online.id,
    event_id: seq.toString(16).padStart(32, '0'),
    at: now - (200 - seq) * 60_000,
    ...event,
  },
});
export const alertEvent = (
  seq: number,
  severity: 'critical' | 'warning' | 'info',
  summary: string,
  kind: 'alert_fired' | 'alert_resolved' = 'alert_fired',
) =>
  storedEvent(seq, {
    kind,
    alert: { key: `certificate:${seq}`, kind: 'certificate_expiry', severity, summary },
  });
export const auditEvent = (seq: number, message: string, outcome: 'success' | 'failure' = 'success') =>
  storedEvent(seq, {
    kind: 'audit',
    audit: { seq, actor: 'admin', method: 'console', object: 'dns/proxy', outcome, message },
  });

export const MARKUP_EVENT = '<img src=x onerror="alert(2)"><b>bold</b>';
/** The newest events of `online`: an alert firing, one resolved, an audit record, one refused. */
export const recentEvents = [
  alertEvent(120, 'critical', 'Certificate www.example.net expires in 2 days'),
  alertEvent(119, 'warning', 'DNS proxy restarted 3 times in 10 minutes', 'alert_resolved'),
  auditEvent(118, 'DNS proxy settings changed'),
  auditEvent(117, 'Sign-in refused for "ops"', 'failure'),
  alertEvent(116, 'info', 'Backup finished'),
];
/** A page of events as the API answers it. */
export const eventsPage = (data: FleetStoredEvent[], nextBefore: number | null = null) => ({
  data,
  next_before: nextBefore,
});
/** `count` events from `top` down (alternating kinds and severities), for long lists. */
export const manyEvents = (top: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const seq = top - i;
    if (seq % 3 === 0) return auditEvent(seq, `Configuration revision ${seq} applied`);
    const severity = (['critical', 'warning', 'info'] as const)[Math.floor(seq / 3) % 3];
    return alertEvent(seq, severity, `Alert number ${seq}`, seq % 2 ? 'alert_fired' : 'alert_resolved');
  });
export const eventsKeyOf = (id: string, before?: number) =>
  `fleet/appliances/${id}/events?${before === undefined ? '' : `before=${before}&`}per_page=50`;
