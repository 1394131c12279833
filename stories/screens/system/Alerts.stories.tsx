/**
 * System → Alerts and Alert channels, and the notification bell's open panel, with what an appliance in use holds:
 * 37 alerts (firing first: certificates nearing their end, a service down, a failing backup, a rolled-back change to
 * acknowledge; then the resolved ones), a filtered list, e-mail and webhook channels with their delivery history
 * (a failed webhook delivery among them), and the bell whose panel reads the expiring certificates as one line.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { ALERTS_LIST, AlertsPage } from '../../../src/app/pages/alerts/AlertsPage';
import { ChannelsPage } from '../../../src/app/pages/alerts/ChannelsPage';
import { listKey } from '../../../src/app/pages/common/entity/listQuery';
import {
  channelDeliveries,
  getAlertSettings,
  getNotifications,
  listChannels,
  type AlertItem,
  type ChannelItem,
  type DeliveryItem,
  type NotificationsAnswer,
} from '../../../src/shared/contracts/alerts';
import type { RootState } from '../../../src/store/createStore';
import { resourceKeyOf } from '../../../src/store/slices/resources.slice';
import { NotificationBell } from '../../../src/notifications/NotificationBell';
import { resourcesState } from '../../pages/fixtures';
import { StoryProviders } from '../../support/StoryProviders';

const meta: Meta = { title: 'Screens/System/Alerts', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const admin: RootState['session'] = { loggedIn: true, user: { username: 'admin', role: 'admin' } };
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const now = Date.now();
const dateIn = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);

let nextId = 100;
const alert = (
  more: Partial<AlertItem> & Pick<AlertItem, 'kind' | 'subject' | 'summary' | 'link'>,
): AlertItem => {
  const id = nextId++;
  return {
    id,
    key: `${more.kind}:${more.subject}`,
    severity: 'warning',
    state: 'firing',
    first_seen: now - 3 * HOUR,
    last_seen: now - 2 * MIN,
    resolved_at: null,
    acknowledgeable: false,
    ...more,
  };
};
const certificate = (name: string, days: number, more: Partial<AlertItem> = {}) =>
  alert({
    kind: 'certificate_expiry',
    subject: name,
    severity: days <= 7 ? 'critical' : days <= 30 ? 'warning' : 'info',
    summary: `Certificate ${name} ends in ${days} days (${dateIn(days)})`,
    link: `/system/certificates/${name}`,
    first_seen: now - (30 - days) * HOUR,
    ...more,
  });

const firing: AlertItem[] = [
  certificate('vpn.corp.example.net', 3),
  certificate('mail.corp.example.net', 6),
  alert({
    kind: 'service_down',
    subject: 'dns',
    severity: 'critical',
    summary: 'The DNS proxy (unbound) is not running: exited with status 1 after the last apply',
    link: '/system/services',
    first_seen: now - 25 * MIN,
  }),
  alert({
    kind: 'backup_failed',
    subject: 'Offsite vault (Frankfurt)',
    summary: 'Backups to Offsite vault (Frankfurt) fail: the server’s host key is not the pinned one',
    link: '/system/backups',
    first_seen: now - 5 * HOUR,
  }),
  alert({
    kind: 'safe_apply_rollback',
    subject: 'ssh',
    summary: `The SSH configuration change (port 22 → 2222) was rolled back on ${dateIn(0)} 09:12 UTC`,
    link: '/ssh/config',
    first_seen: now - 2 * HOUR,
    acknowledgeable: true,
  }),
  certificate('intranet.corp.example.net', 12),
  certificate('grafana.lab.example.net', 13),
  alert({
    kind: 'security_updates',
    subject: 'openssl',
    summary: '3 security updates are waiting to be installed (openssl, libssh2, tzdata)',
    link: '/updates',
    first_seen: now - 2 * DAY,
  }),
  alert({
    kind: 'ca_expiry',
    subject: 'Lab intermediate',
    severity: 'info',
    summary: `Authority Lab intermediate ends in 54 days (${dateIn(54)})`,
    link: '/system/authorities/lab-intermediate',
    first_seen: now - 6 * DAY,
  }),
];

const resolvedKinds: Array<Pick<AlertItem, 'kind' | 'subject' | 'summary' | 'link' | 'severity'>> = [
  {
    kind: 'certificate_expiry',
    subject: 'www.example.net',
    summary: 'Certificate www.example.net ends in 2 days (2026-11-10)',
    link: '/system/certificates/www',
    severity: 'critical',
  },
  {
    kind: 'lockouts',
    subject: 'login',
    summary: '14 names locked out at once (threshold 5): a password-guessing run from 203.0.113.7',
    link: '/authentication/lockout',
    severity: 'warning',
  },
  {
    kind: 'acme_order_failed',
    subject: 'shop.example.net',
    summary: 'ACME order for shop.example.net failed: DNS-01 challenge record not found',
    link: '/system/acme',
    severity: 'warning',
  },
  {
    kind: 'crl_next_update',
    subject: 'Lab root',
    summary: 'Revocation list Lab root CRL #12 is due in 6 hours',
    link: '/system/crls',
    severity: 'info',
  },
  {
    kind: 'updates_available',
    subject: 'rampart',
    summary: 'Rampart 1.4.2 is available',
    link: '/updates',
    severity: 'info',
  },
  {
    kind: 'service_down',
    subject: 'ssh',
    summary: 'The SSH server was not running for 40 seconds',
    link: '/system/services',
    severity: 'critical',
  },
  {
    kind: 'account_expiry',
    subject: 'contractor-jlee',
    summary: 'Account contractor-jlee expires in 3 days',
    link: '/users',
    severity: 'warning',
  },
];
const resolved: AlertItem[] = Array.from({ length: 28 }, (_, i) => {
  const base = resolvedKinds[i % resolvedKinds.length];
  const at = now - (i + 1) * 19 * HOUR;
  return alert({
    ...base,
    subject: `${base.subject}-${i}`,
    state: 'resolved',
    first_seen: at - 7 * HOUR,
    last_seen: at,
    resolved_at: at,
  });
});
const all = [...firing, ...resolved];
const settings = { expiry_days: [60, 30, 7, 1], lockout_threshold: 5 };

const page = (rows: AlertItem[]) => ({ data: rows, total: rows.length, page: 1, per_page: 50 });
const alertsStory = (search: string, rows: AlertItem[]): Story => ({
  render: () => (
    <StoryProviders
      state={{
        session: admin,
        ...resourcesState({
          [listKey(ALERTS_LIST, new URLSearchParams(search))]: page(rows),
          [resourceKeyOf(getAlertSettings)]: settings,
        }),
      }}
      routes={[{ path: '*', element: <AlertsPage /> }]}
      path={`/system/alerts${search ? `?${search}` : ''}`}
    />
  ),
});

/** 37 alerts: nine firing (most severe first, a rollback to acknowledge), then 28 resolved. */
export const Alerts: Story = alertsStory('', all);
/** Filtered in the address to the critical ones still firing. */
export const AlertsFiltered: Story = alertsStory(
  'state=firing&severity=critical',
  firing.filter((a) => a.severity === 'critical'),
);

const channels: ChannelItem[] = [
  {
    id: 1,
    name: 'Operators',
    type: 'email',
    enabled: true,
    min_severity: 'warning',
    kinds: ['certificate_expiry', 'ca_expiry', 'backup_failed', 'service_down'],
    recipients: ['ops@corp.example.net', 'oncall-network@corp.example.net', 'j.martin@corp.example.net'],
    has_secret: false,
    created_at: now - 40 * DAY,
  },
  {
    id: 2,
    name: 'SIEM webhook',
    type: 'webhook',
    enabled: true,
    min_severity: 'critical',
    kinds: [],
    url: 'https://siem-01.soc.example.net/api/v2/ingest/rampart/alerts?tenant=corp-gateways',
    has_secret: true,
    created_at: now - 30 * DAY,
  },
  {
    id: 3,
    name: 'Chat (paused)',
    type: 'webhook',
    enabled: false,
    min_severity: 'info',
    kinds: ['updates_available', 'security_updates'],
    url: 'https://chat.example.net/hooks/T0001/B0002',
    has_secret: false,
    created_at: now - 12 * DAY,
  },
];
const delivery = (channel: number, id: number, more: Partial<DeliveryItem> = {}): DeliveryItem => ({
  id,
  channel_id: channel,
  event: 'alert.fired',
  alert_key: `certificate_expiry:vpn.corp.example.net`,
  at: now - id * 47 * MIN,
  outcome: 'delivered',
  attempts: 1,
  detail: channel === 1 ? '250 2.0.0 Ok: queued as 4Xk2mB1yQz' : 'HTTP 204',
  ...more,
});
const deliveries: Record<number, DeliveryItem[]> = {
  1: [
    delivery(1, 1, { event: 'alert.escalated' }),
    delivery(1, 2, { alert_key: 'service_down:dns' }),
    delivery(1, 3, { event: 'alert.resolved', alert_key: 'lockouts:login' }),
    delivery(1, 4, { event: 'test', alert_key: null }),
  ],
  2: [
    delivery(2, 5, { alert_key: 'service_down:dns' }),
    delivery(2, 6, {
      outcome: 'failed',
      attempts: 3,
      detail: 'HTTP 502 Bad Gateway from siem-01.soc.example.net after 3 attempts (10 s apart)',
    }),
    delivery(2, 7, { event: 'test', alert_key: null }),
  ],
  3: [],
};
const deliveriesKey = (id: number) => resourceKeyOf(channelDeliveries, { params: { id: String(id) } });

/** An e-mail channel and two webhooks (one paused); both active channels' delivery histories are open. */
export const AlertChannels: Story = {
  render: () => (
    <StoryProviders
      state={{
        session: admin,
        ...resourcesState({
          [resourceKeyOf(listChannels)]: { data: channels },
          ...Object.fromEntries(channels.map((c) => [deliveriesKey(c.id), { data: deliveries[c.id] }])),
        }),
      }}
      routes={[{ path: '*', element: <ChannelsPage /> }]}
      path="/system/alert-channels"
    />
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Delivery history of Operators' }));
    await userEvent.click(c.getByRole('button', { name: 'Delivery history of SIEM webhook' }));
    await expect(await c.findByRole('table', { name: 'Deliveries of SIEM webhook' })).toBeVisible();
  },
};

const notifications: NotificationsAnswer = {
  unread: 4,
  read_at: now - 2.5 * HOUR,
  firing,
  recent: resolved.slice(0, 6),
};

/** The bell opened: the four expiring certificates read as one line, then each other firing alert, then earlier. */
export const NotificationBellOpen: Story = {
  render: () => (
    <StoryProviders
      state={{ session: admin, ...resourcesState({ [resourceKeyOf(getNotifications)]: notifications }) }}
    >
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start', minHeight: 640 }}>
        <NotificationBell />
      </div>
    </StoryProviders>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Notifications (4 unread)' }));
    const firingList = await c.findByRole('list', { name: 'Firing alerts' });
    await expect(
      within(firingList).getByRole('link', { name: /4 certificates expire within 13 days/ }),
    ).toBeVisible();
  },
};
