/**
 * System → Backups and System → Log forwarding with the data an appliance in use has: a daily schedule, local and
 * SFTP targets (one disabled), the latest runs with a failed one (the SFTP server's host key changed); a dozen syslog
 * collectors, sending, failing (refused, certificate rejected) and dropping (a full queue), one disabled.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { BackupsPage } from '../../../src/app/pages/system/backups/BackupsPage';
import { FORWARDING_KEY, ForwardingPage } from '../../../src/app/pages/system/forwarding/ForwardingPage';
import type { BackupsOverview, BackupRun, BackupTarget } from '../../../src/shared/contracts/backups';
import type { ForwardingTarget, ForwardingTargets } from '../../../src/shared/contracts/forwarding';
import type { RootState } from '../../../src/store/createStore';
import { resourcesState } from '../../pages/fixtures';
import { StoryProviders } from '../../support/StoryProviders';

const meta: Meta = { title: 'Screens/System/Backups and log forwarding', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 03:15 today (local time), the schedule's last run. */
const lastRun = (() => {
  const d = new Date();
  d.setHours(3, 15, 0, 0);
  return d.getTime();
})();
const admin: RootState['session'] = { loggedIn: true, user: { username: 'admin', role: 'admin' } };
const FINGERPRINT = 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8';

const targets: BackupTarget[] = [
  {
    id: 1,
    name: 'Local disk',
    kind: 'local',
    directory: '/var/backups/rampart',
    host: '',
    port: 22,
    username: '',
    host_key_sha256: '',
    auth: 'none',
    has_secret: false,
    keep: 14,
    enabled: true,
  },
  {
    id: 2,
    name: 'Offsite vault (Frankfurt)',
    kind: 'sftp',
    directory: '/srv/backups/appliances/rampart-gw-01.corp.example.net',
    host: 'vault-fra-02.backup.example.net',
    port: 2222,
    username: 'rampart-gw-01',
    host_key_sha256: FINGERPRINT,
    auth: 'key',
    has_secret: true,
    keep: 30,
    enabled: true,
  },
  {
    id: 3,
    name: 'NAS',
    kind: 'sftp',
    directory: '/volume1/backup/rampart',
    host: '192.168.1.20',
    port: 22,
    username: 'backup',
    host_key_sha256: FINGERPRINT,
    auth: 'password',
    has_secret: true,
    keep: 7,
    enabled: false,
  },
  {
    id: 4,
    name: 'USB stick',
    kind: 'local',
    directory: '/media/usb0/rampart',
    host: '',
    port: 22,
    username: '',
    host_key_sha256: '',
    auth: 'none',
    has_secret: false,
    keep: 1,
    enabled: true,
  },
];

const run = (
  id: number,
  daysAgo: number,
  target: BackupTarget,
  more: Partial<BackupRun> = {},
): BackupRun => ({
  id,
  target_id: target.id,
  target: target.name,
  started_at: lastRun - daysAgo * DAY,
  finished_at: lastRun - daysAgo * DAY + 41_000,
  ok: true,
  size: 2_871_234 + id * 3_917,
  file: `rampart-backup-${id}.rbk`,
  error: null,
  trigger: 'schedule',
  ...more,
});

const runs: BackupRun[] = [
  run(24, 0, targets[1], {
    ok: false,
    size: null,
    file: null,
    error:
      'the server’s host key is not the pinned one (SHA256:Q1pXh0v1mJ9yZ2cT8r3o5kE7wB4nL6aF0sD2gH8jK1M): refused, nothing was sent',
  }),
  run(23, 0, targets[0]),
  run(22, 0, targets[3]),
  run(21, 0.3, targets[0], { trigger: 'manual', started_at: lastRun - 7 * HOUR }),
  ...Array.from({ length: 8 }, (_, i) => [
    run(20 - 3 * i, i + 1, targets[1]),
    run(19 - 3 * i, i + 1, targets[0]),
    run(18 - 3 * i, i + 1, targets[3]),
  ]).flat(),
];

const overview: BackupsOverview = {
  schedule: { schedule: 'daily', at_time: '03:15', weekday: 0, interval_hours: 24, passphrase_set: true },
  next_run_at: lastRun + DAY,
  targets,
  runs,
  pending_restores: [],
};

const backups = (data: BackupsOverview): Story => ({
  render: () => (
    <StoryProviders
      state={{ session: admin, ...resourcesState({ backups: data }) }}
      routes={[{ path: '*', element: <BackupsPage /> }]}
      path="/system/backups"
    />
  ),
});

/** A daily schedule, four targets (one disabled), and the last runs: the offsite one failed this morning. */
export const Backups: Story = backups(overview);
/** A fresh appliance: no target, no run; the empty tables say what fills them. */
export const BackupsEmpty: Story = backups({
  ...overview,
  schedule: { ...overview.schedule, schedule: 'off', passphrase_set: false },
  next_run_at: null,
  targets: [],
  runs: [],
});

const status = (more: Partial<ForwardingTarget['status']> = {}): ForwardingTarget['status'] => ({
  pending: 0,
  dropped: 0,
  dropping: false,
  last_error: null,
  last_error_at: null,
  last_sent_at: Date.now() - 40_000,
  last_dropped_at: null,
  connected: true,
  ...more,
});

let nextId = 1;
const collector = (
  name: string,
  host: string,
  more: Partial<Omit<ForwardingTarget, 'status'>> = {},
  state: Partial<ForwardingTarget['status']> = {},
): ForwardingTarget => ({
  id: nextId++,
  name,
  enabled: true,
  protocol: 'tls',
  host,
  port: 6514,
  audit: true,
  services: [],
  tls_certificate_id: 'cert-client',
  tls_ca_id: 'ca-siem',
  queue_limit: 100_000,
  status: status(state),
  ...more,
});

const forwarding: ForwardingTargets = {
  data: [
    collector('SIEM (primary)', 'siem-01.soc.example.net', { services: ['dns', 'ssh'] }),
    collector('SIEM (standby)', 'siem-02.soc.example.net', { services: ['dns', 'ssh'] }),
    collector(
      'Graylog',
      'graylog.corp.example.net',
      { protocol: 'tcp', port: 514, tls_certificate_id: null, tls_ca_id: null, services: ['dns'] },
      {
        pending: 3_412,
        connected: false,
        last_error: 'connect ECONNREFUSED 10.20.0.15:514',
        last_error_at: Date.now() - 60_000,
        last_sent_at: Date.now() - 3 * HOUR,
      },
    ),
    collector(
      'Branch office Lyon',
      'syslog.lyon.example.net',
      { queue_limit: 10_000, services: ['ssh'] },
      {
        pending: 10_000,
        dropped: 18_244,
        dropping: true,
        connected: false,
        last_error: 'certificate verify failed: unable to get local issuer certificate',
        last_error_at: Date.now() - 30_000,
        last_sent_at: Date.now() - 2 * DAY,
        last_dropped_at: Date.now() - 30_000,
      },
    ),
    collector('Audit archive', 'audit-archive.corp.example.net', { services: [] }),
    collector(
      'Loki',
      '2001:db8:40::12',
      {
        protocol: 'udp',
        port: 1514,
        tls_certificate_id: null,
        tls_ca_id: null,
        audit: false,
        services: ['dns'],
      },
      { last_sent_at: Date.now() - 5_000 },
    ),
    collector('Splunk HEC relay', 'splunk-relay.corp.example.net', { services: ['dns', 'ssh'] }),
    collector(
      'Old collector (being retired)',
      'syslog-old.corp.example.net',
      { enabled: false, protocol: 'tcp', port: 514, tls_certificate_id: null, tls_ca_id: null },
      { connected: false, last_sent_at: Date.now() - 40 * DAY },
    ),
    collector(
      'Managed SOC (third party)',
      'ingest.eu-central-1.mssp-provider.example.com',
      { port: 10514, services: ['dns', 'ssh'] },
      { pending: 12, last_sent_at: Date.now() - 2_000 },
    ),
    collector('Compliance vault', 'vault.compliance.example.net', { audit: true, services: [] }),
    collector('Lab', '192.0.2.44', { protocol: 'udp', port: 514, tls_certificate_id: null, tls_ca_id: null }),
    collector(
      'Datacentre B',
      'syslog.dc-b.corp.example.net',
      { services: ['ssh'] },
      {
        pending: 220,
        connected: false,
        last_error: 'read ECONNRESET',
        last_error_at: Date.now() - 4 * 60_000,
        last_sent_at: Date.now() - 15 * 60_000,
      },
    ),
  ],
  certificates: [{ id: 'cert-client', name: 'Appliance syslog client', subject: 'CN=rampart-gw-01' }],
  cas: [{ id: 'ca-siem', name: 'SOC root', subject: 'CN=SOC Root CA, O=Example' }],
};

const forwardingStory = (data: ForwardingTargets): Story => ({
  render: () => (
    <StoryProviders
      state={{ session: admin, ...resourcesState({ [FORWARDING_KEY]: data }) }}
      routes={[{ path: '*', element: <ForwardingPage /> }]}
      path="/system/log-forwarding"
    />
  ),
});

/** A dozen collectors: most sending, two failing (refused, reset), one dropping records (a full queue), one off. */
export const LogForwarding: Story = forwardingStory(forwarding);
/** No collector yet: nothing is forwarded. */
export const LogForwardingEmpty: Story = forwardingStory({ ...forwarding, data: [] });
