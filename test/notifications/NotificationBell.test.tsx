/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { MainBar } from '../../src/app/layout/MainBar';
import { expirySummary } from '../../src/notifications/NotificationBell';
import type { AlertItem, NotificationsAnswer } from '../../src/shared/contracts/alerts';
import { fakeApi } from '../sagas/fakes';
import { resourcesState } from '../../stories/pages/fixtures';
import { renderPage } from '../app/pages/dns/renderPage';

const T = Date.UTC(2026, 10, 27, 14, 5);
const alert = (id: number, more: Partial<AlertItem> = {}): AlertItem => ({
  id,
  key: `certificate_expiry:c${id}`,
  kind: 'certificate_expiry',
  severity: 'warning',
  state: 'firing',
  subject: `host${id}.example.test`,
  summary: `Certificate host${id}.example.test ends in ${10 + id} days (2026-12-10)`,
  link: `/system/certificates/c${id}`,
  first_seen: T,
  last_seen: T,
  resolved_at: null,
  acknowledgeable: false,
  ...more,
});

const answer: NotificationsAnswer = {
  unread: 4,
  read_at: T - 1000,
  firing: [
    alert(10, {
      key: 'service_down:dns',
      kind: 'service_down',
      severity: 'critical',
      subject: 'DNS proxy',
      summary: 'DNS proxy is down: the daemon failed and the appliance is restarting it',
      link: '/dns/proxy',
    }),
    alert(1),
    alert(2),
    alert(3),
    alert(11, {
      key: 'updates_available:appliance',
      kind: 'updates_available',
      severity: 'info',
      summary: 'Update 9.1.0 is available (running 1.0.0)',
      link: '/updates/update',
    }),
  ],
  recent: [
    alert(20, {
      key: 'backup_failed:nas',
      kind: 'backup_failed',
      state: 'resolved',
      summary: 'The backup to nas failed: disk full',
      link: '/system/backups',
      resolved_at: T - 5000,
    }),
  ],
};

function setup(user: { username: string; role: 'admin' | 'user' } = { username: 'admin', role: 'admin' }) {
  const { api, calls } = fakeApi({
    'GET /api/alerts/notifications': () => answer,
    'POST /api/alerts/notifications/read': () => ({ read_at: T + 1 }),
  });
  const view = renderPage(<MainBar />, {
    api,
    path: '/',
    state: {
      session: { loggedIn: true, user },
      ...resourcesState({ 'alerts/notifications': answer }),
    },
  });
  return { ...view, calls };
}

test('the bell says how many are unread; its panel lists firing alerts first, certificates as one summary', async () => {
  const u = userEvent.setup();
  const { calls } = setup();
  const bell = screen.getByRole('button', { name: 'Notifications (4 unread)' });
  expect(bell).toHaveAttribute('aria-expanded', 'false');
  await u.click(bell);
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  const panel = screen.getByRole('region', { name: 'Notifications' });
  const firing = within(within(panel).getByRole('list', { name: 'Firing alerts' })).getAllByRole('link');
  expect(firing.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
    ['Critical DNS proxy is down: the daemon failed and the appliance is restarting it', '/dns/proxy'],
    ['Warning 3 certificates expire within 13 days', '/system/alerts?kind=certificate_expiry&state=firing'],
    ['Information Update 9.1.0 is available (running 1.0.0)', '/updates/update'],
  ]);
  const earlier = within(within(panel).getByRole('list', { name: 'Earlier notifications' })).getByRole(
    'link',
  );
  expect(earlier).toHaveTextContent('Resolved The backup to nas failed: disk full');
  expect(earlier).toHaveAttribute('href', '/system/backups');
  // Opening it marks everything read for this account, on the appliance.
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/alerts/notifications/read' }),
  );
  // (The bar alone: its menu toggle controls a context bar this render does not have.)
  expect((await axe(panel.parentElement as HTMLElement)).violations).toEqual([]);

  await u.keyboard('{Escape}');
  expect(bell).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
});

test('a single expiring certificate keeps its own line and link', async () => {
  const u = userEvent.setup();
  const { api } = fakeApi({
    'GET /api/alerts/notifications': () => ({ ...answer, firing: [alert(1)], unread: 0 }),
  });
  renderPage(<MainBar />, {
    api,
    path: '/',
    state: {
      session: { loggedIn: true, user: { username: 'admin', role: 'admin' } },
      ...resourcesState({ 'alerts/notifications': { ...answer, firing: [alert(1)], unread: 0 } }),
    },
  });
  await u.click(screen.getByRole('button', { name: 'Notifications' }));
  expect(screen.getByRole('link', { name: /host1\.example\.test ends in 11 days/ })).toHaveAttribute(
    'href',
    '/system/certificates/c1',
  );
});

test('other accounts have no bell', () => {
  const { calls } = setup({ username: 'dora', role: 'user' });
  expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  expect(calls).toEqual([]);
});

test('the certificate summary says how many have ended and how many are still to expire', () => {
  expect(expirySummary(3, 0, 13)).toBe('3 certificates expire within 13 days');
  expect(expirySummary(2, 2, 1)).toBe('2 certificates have ended');
  expect(expirySummary(54, 40, 60)).toBe('40 certificates have ended, 14 expire within 60 days');
  expect(expirySummary(2, 1, 1)).toBe('1 certificate has ended, 1 expires within 1 day');
});
