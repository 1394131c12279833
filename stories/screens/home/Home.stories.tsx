import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { HomePage } from '../../../src/app/pages/home/HomeDashboard';
import type { DashboardSummary, StatusPoint, SystemStatus } from '../../../src/store/slices/network.slice';
import { StoryProviders } from '../../support/StoryProviders';
import { networkState, status } from '../network/fixtures';

const meta: Meta<typeof HomePage> = { title: 'Screens/Home', component: HomePage };
export default meta;
type Story = StoryObj<typeof HomePage>;

const NOW = Date.parse('2026-11-27T12:00:00Z');

/** Three minutes of readings, as the page keeps them while open. */
const history: StatusPoint[] = Array.from({ length: 36 }, (_, i) => ({
  t: NOW - (36 - i) * 5000,
  cpu: Math.round((18 + 12 * Math.abs(Math.sin(i / 4))) * 10) / 10,
  memory: Math.round((62 + 3 * Math.sin(i / 9)) * 10) / 10,
}));

const summary: DashboardSummary = {
  host: { hostname: 'gw-branch-01', version: '1.2.0' },
  network: {
    interfaces: [
      { name: 'eth0', state: 'up', addresses: ['192.0.2.10/24', '2001:db8::10/64'] },
      { name: 'eth1', state: 'up', addresses: ['10.20.0.1/16'] },
      { name: 'wg0', state: 'unknown', addresses: ['10.99.0.1/24'] },
    ],
    gateway: '192.0.2.1',
    dns_servers: ['192.0.2.53', '2001:db8::53'],
  },
  dns: { enabled: true, port: 53, dnssec: true },
  ssh: { enabled: true, port: 2222, password_authentication: false, permit_root_login: 'no' },
  updates: {
    current_version: '1.2.0',
    available: 1,
    security: 0,
    newest: '1.2.1',
    last_check_at: NOW - 3_600_000,
    last_check_error: null,
  },
  certificates: {
    window_days: 30,
    expiring: 2,
    expired: 0,
    soonest: [
      { id: 'c1', name: 'vpn.branch.example', not_after: '2026-12-04T09:00:00.000Z' },
      { id: 'c2', name: 'mail.branch.example', not_after: '2026-12-19T09:00:00.000Z' },
    ],
  },
  sign_ins: {
    window_hours: 24,
    failed: 3,
    recent: [
      { username: 'root', at: NOW - 240_000, source: '203.0.113.50', method: 'password' },
      { username: 'admin', at: NOW - 260_000, source: '203.0.113.50', method: 'password' },
      { username: 'jdoe', at: NOW - 7_200_000, source: '10.20.4.17', method: 'oidc' },
    ],
  },
};

const page = (
  s: SystemStatus | null,
  d: DashboardSummary | null,
  statusState: 'loaded' | 'loading' | 'failed' = 'loaded',
) => (
  <StoryProviders
    state={networkState({
      status: { status: statusState, data: s },
      statusHistory: s ? history : [],
      dashboard: { status: d ? 'loaded' : 'idle', data: d },
    })}
  >
    <HomePage />
  </StoryProviders>
);

export const Dashboard: Story = { render: () => page(status, summary) };

/** What needs attention: the disk above 90 %, expired certificates, a security update, a link down, a failed check. */
export const NeedsAttention: Story = {
  render: () =>
    page(
      { ...status, disk: { path: '/var/lib/rampart', totalBytes: 64_000_000_000, freeBytes: 2_500_000_000 } },
      {
        ...summary,
        network: {
          ...summary.network!,
          interfaces: [...summary.network!.interfaces, { name: 'eth2', state: 'down', addresses: [] }],
        },
        updates: {
          ...summary.updates!,
          available: 2,
          security: 1,
          newest: '1.3.0',
          last_check_error: 'timed out',
        },
        certificates: { ...summary.certificates!, expiring: 5, expired: 2 },
        sign_ins: { ...summary.sign_ins!, failed: 48 },
      },
    ),
};

/** An account with read access to network, DNS and SSH only: no certificate, update or sign-in card, no error. */
export const LimitedAccount: Story = {
  render: () => {
    const { certificates: _c, sign_ins: _s, updates: _u, ...limited } = summary;
    return page(status, limited);
  },
};

export const QuietMachine: Story = {
  render: () =>
    page(
      { ...status, cpu_percent: null, recent_events: [], disk: null, running_jobs: 0 },
      {
        ...summary,
        updates: { ...summary.updates!, available: 0, newest: null },
        certificates: { window_days: 30, expiring: 0, expired: 0, soonest: [] },
        sign_ins: { window_hours: 24, failed: 0, recent: [] },
      },
    ),
};

export const Loading: Story = { render: () => page(null, null, 'loading') };

export const Unavailable: Story = { render: () => page(null, null, 'failed') };
