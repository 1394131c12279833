/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, within } from '@testing-library/react';
import { HomePage } from '../../../../src/app/pages/home/HomeDashboard';
import { DASHBOARD_EVERY, STATUS_REFRESH_MS } from '../../../../sagas/networkLive.saga';
import type { DashboardSummary, SystemStatus } from '../../../../src/store/slices/network.slice';
import { fakeApi } from '../../../sagas/fakes';
import { seriousViolations } from '../../../widgets/support/axe';
import { renderPage, status } from '../network/support';

const NOW = Date.parse('2026-11-27T12:00:00Z');

export const summary: DashboardSummary = {
  host: { hostname: 'gw-branch-01', version: '1.2.0' },
  network: {
    interfaces: [
      { name: 'eth0', state: 'up', addresses: ['192.0.2.10/24', '2001:db8::10/64'] },
      { name: 'eth1', state: 'down', addresses: [] },
    ],
    gateway: '192.0.2.1',
    dns_servers: ['192.0.2.53'],
  },
  dns: { enabled: true, port: 53, dnssec: true },
  ssh: { enabled: true, port: 2222, password_authentication: false, permit_root_login: 'no' },
  updates: {
    current_version: '1.2.0',
    available: 2,
    security: 1,
    newest: '1.3.1',
    last_check_at: NOW - 3_600_000,
    last_check_error: null,
  },
  certificates: {
    window_days: 30,
    expiring: 3,
    expired: 1,
    soonest: [{ id: 'c1', name: 'vpn.example.org', not_after: '2026-12-02T00:00:00.000Z' }],
  },
  sign_ins: {
    window_hours: 24,
    failed: 4,
    recent: [{ username: 'bob', at: NOW - 60_000, source: '198.51.100.7', method: 'password' }],
  },
};

const withDisk = (usedPercent: number): SystemStatus => ({
  ...status,
  disk: {
    path: '/var/lib/rampart',
    totalBytes: 100_000_000_000,
    freeBytes: (100 - usedPercent) * 1_000_000_000,
  },
});

function api(s: SystemStatus = status, d: DashboardSummary = summary) {
  return fakeApi({ 'GET /api/system/status': () => s, 'GET /api/dashboard': () => d });
}

const card = (name: string) => within(screen.getByRole('region', { name }));
const fact = (region: string, term: string) => {
  const dt = card(region).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

describe('home dashboard', () => {
  test('shows the cards an admin looks for, each with its facts and a link to the page that manages it', async () => {
    const { api: client } = api();
    const { view } = renderPage(<HomePage />, { api: client });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the status');
    await screen.findByRole('region', { name: 'Network' });

    expect(fact('System', 'Host name')).toBe('gw-branch-01');
    expect(fact('System', 'Version')).toBe('1.2.0');
    expect(fact('System', 'Uptime')).toBe('1d 1h 1m');

    expect(fact('Network', 'eth0')).toBe('192.0.2.10/24, 2001:db8::10/64');
    expect(fact('Network', 'eth1')).toContain('down');
    expect(fact('Network', 'Gateway')).toBe('192.0.2.1');
    expect(card('Network').getByRole('link', { name: 'Interfaces' })).toHaveAttribute(
      'href',
      '/network/overview',
    );

    expect(fact('DNS proxy', 'State')).toBe('On');
    expect(card('DNS proxy').getByRole('link', { name: 'DNS proxy' })).toHaveAttribute('href', '/dns/proxy');
    expect(fact('SSH', 'State')).toBe('On');
    expect(fact('SSH', 'Port')).toBe('2222');
    expect(fact('SSH', 'Password sign-in')).toBe('Off');

    expect(fact('Updates', 'Pending')).toBe('2 (newest 1.3.1, 1 security)');
    expect(fact('Certificates', 'Expiring within 30 days')).toBe('3');
    expect(fact('Certificates', 'Expired')).toBe('1');
    expect(card('Certificates').getByRole('link', { name: 'vpn.example.org' })).toHaveAttribute(
      'href',
      '/system/certificates/c1',
    );
    expect(fact('Failed sign-ins', 'Last 24 hours')).toBe('4');
    expect(card('Failed sign-ins').getByRole('listitem')).toHaveTextContent('bob from 198.51.100.7');

    expect(card('Recent warnings').getByRole('link', { name: 'auth' })).toHaveAttribute(
      'href',
      '/logs/overview?services=auth',
    );
    expect(fact('Services', 'Syslog receiver')).toContain('Off');

    const resources = card('Resources');
    expect(resources.getByRole('img', { name: /CPU busy/ })).toHaveAccessibleName(
      /CPU busy, last 1 readings: 12.5/,
    );
    expect(resources.getByRole('img', { name: /Memory used/ })).toHaveAccessibleName(/: 75$/);
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  test('disk: used space is neutral at 50 %, amber at 85 %, red only when almost full; free space is never coloured', async () => {
    for (const [used, color, text] of [
      [50, 'var(--color-text-muted)', '50 % used'],
      [85, 'var(--color-warning)', '85 % used (filling up)'],
      [95, 'var(--color-danger)', '95 % used (almost full)'],
    ] as const) {
      const { api: client } = api(withDisk(used));
      const { view } = renderPage(<HomePage />, { api: client });
      const meter = await screen.findByRole('meter', { name: 'Disk used on /var/lib/rampart' });
      expect(meter).toHaveAttribute('aria-valuetext', text);
      expect(meter.style.getPropertyValue('--meter-color')).toBe(color);
      // The old doughnut painted the free share red; nothing names or colours the free space now.
      expect(screen.queryByRole('figure', { name: /Disk/ })).toBeNull();
      view.unmount();
    }
  });

  test('nothing is red on a healthy appliance', async () => {
    const calm: DashboardSummary = {
      ...summary,
      updates: { ...summary.updates!, available: 0, security: 0, newest: null },
      certificates: { window_days: 30, expiring: 0, expired: 0, soonest: [] },
      sign_ins: { window_hours: 24, failed: 0, recent: [] },
    };
    const { api: client } = api(withDisk(50), calm);
    const { view } = renderPage(<HomePage />, { api: client });
    await screen.findByRole('region', { name: 'Certificates' });
    expect(fact('Certificates', 'Expired')).toBe('None');
    expect(fact('Failed sign-ins', 'Last 24 hours')).toBe('None');
    expect(fact('Updates', 'Pending')).toBe('None');
    expect(screen.getByRole('meter', { name: /Disk used/ }).style.getPropertyValue('--meter-color')).toBe(
      'var(--color-text-muted)',
    );
    view.unmount();
  });

  test('says what actually runs behind DNS and SSH: a service turned on whose daemon does not run is flagged', async () => {
    const { api: client } = api(status, {
      ...summary,
      dns: { ...summary.dns!, daemon: { status: 'running', message: null } },
      ssh: {
        ...summary.ssh!,
        daemon: {
          status: 'not_installed',
          message: 'sshd is not installed: the configuration is written but no SSH server runs',
        },
      },
    });
    renderPage(<HomePage />, { api: client });
    await screen.findByRole('region', { name: 'SSH' });
    expect(fact('DNS proxy', 'State')).toBe('On · Running');
    expect(fact('SSH', 'State')).toBe('On · Not installed');
    const flagged = card('SSH').getByText(/Not installed/);
    expect(flagged).toHaveClass('home__flag--danger');
    expect(flagged).toHaveAttribute(
      'title',
      'sshd is not installed: the configuration is written but no SSH server runs',
    );
    expect(card('DNS proxy').getByText(/Running/)).not.toHaveClass('home__flag--danger');
  });

  test('an account without PKI (or other) read gets no card for that area and no error', async () => {
    const { certificates: _c, sign_ins: _s, ...limited } = summary;
    const { api: client } = api({ ...status, recent_events: null }, limited);
    renderPage(<HomePage />, { api: client });
    await screen.findByRole('region', { name: 'Network' });
    expect(screen.queryByRole('region', { name: 'Certificates' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Failed sign-ins' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recent warnings' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/permission|could not/i)).toBeNull();
  });

  test('refreshes the status while open, the summary less often, and stops when left', async () => {
    jest.useFakeTimers();
    try {
      const { api: client, calls } = api();
      const { view } = renderPage(<HomePage />, { api: client });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(STATUS_REFRESH_MS * DASHBOARD_EVERY + 10);
      });
      const count = (url: string) => calls.filter((c) => c.url === url).length;
      expect(count('/api/system/status')).toBe(DASHBOARD_EVERY + 1);
      expect(count('/api/dashboard')).toBe(2);
      expect(screen.getByRole('img', { name: /CPU busy/ })).toHaveAccessibleName(
        new RegExp(`last ${DASHBOARD_EVERY + 1} readings`),
      );
      view.unmount();
      const before = calls.length;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(STATUS_REFRESH_MS * 3);
      });
      expect(calls).toHaveLength(before);
    } finally {
      jest.useRealTimers();
    }
  });

  test('says so when the status cannot be read', async () => {
    const { api: client } = fakeApi({});
    renderPage(<HomePage />, { api: client });
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be read');
  });
});
