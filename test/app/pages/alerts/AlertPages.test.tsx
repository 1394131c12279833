/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { AlertsPage } from '../../../../src/app/pages/alerts/AlertsPage';
import { ChannelsPage } from '../../../../src/app/pages/alerts/ChannelsPage';
import type { AlertItem, ChannelItem, DeliveryItem } from '../../../../src/shared/contracts/alerts';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';

const admin = { loggedIn: true, user: { username: 'admin', role: 'admin' as const } };
const T = Date.UTC(2026, 10, 27, 14, 5);

export const alert = (id: number, more: Partial<AlertItem> = {}): AlertItem => ({
  id,
  key: `certificate_expiry:c${id}`,
  kind: 'certificate_expiry',
  severity: 'critical',
  state: 'firing',
  subject: `host${id}.example.test`,
  summary: `Certificate host${id}.example.test ends in 5 days (2026-12-02)`,
  link: `/system/certificates/c${id}`,
  first_seen: T,
  last_seen: T + 60_000,
  resolved_at: null,
  acknowledgeable: false,
  ...more,
});

const FIRST_PAGE = 'alerts?page=1&per_page=50';
const page = {
  data: [
    alert(1),
    alert(2, {
      key: 'safe_apply_rollback:rb1',
      kind: 'safe_apply_rollback',
      severity: 'warning',
      subject: 'ssh',
      summary: 'The SSH configuration change (port) was rolled back on 2026-11-27 13:00 UTC',
      link: '/ssh/config',
      acknowledgeable: true,
    }),
    alert(3, { state: 'resolved', severity: 'info', resolved_at: T + 120_000 }),
  ],
  total: 3,
  page: 1,
  per_page: 50,
};
const settings = { expiry_days: [60, 30, 7, 1], lockout_threshold: 5 };

describe('the alerts page', () => {
  const setup = (routes: Parameters<typeof fakeApi>[0] = {}) => {
    const { api, calls } = fakeApi({
      [`GET /api/${FIRST_PAGE}`]: () => page,
      'GET /api/alerts/settings': () => settings,
      'GET /api/alerts/notifications': () => ({ unread: 0, read_at: null, firing: [], recent: [] }),
      ...routes,
    });
    const view = renderPage(<AlertsPage />, {
      api,
      path: '/system/alerts',
      state: { session: admin, ...resourcesState({ [FIRST_PAGE]: page, 'alerts/settings': settings }) },
    });
    return { ...view, calls };
  };

  test('lists firing alerts before resolved ones, each linking to its subject; no axe findings', async () => {
    const { container } = setup();
    const table = screen.getByRole('table', { name: 'Alerts' });
    const link = within(table).getByRole('link', { name: /host1\.example\.test ends in 5 days/ });
    expect(link).toHaveAttribute('href', '/system/certificates/c1');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).queryByText(/^(Firing|Resolved)$/)?.textContent)).toEqual([
      'Firing',
      'Firing',
      'Resolved',
    ]);
    expect(within(rows[0]).getByText('Critical')).toBeInTheDocument();
    expect((await axe(container)).violations).toEqual([]);
  });

  test('filters by state, severity and kind on the appliance, in the address', async () => {
    const user = userEvent.setup();
    const { router, calls } = setup({
      'GET /api/alerts?page=1&per_page=50&state=firing': () => ({
        ...page,
        data: page.data.slice(0, 2),
        total: 2,
      }),
      'GET /api/alerts?kind=safe_apply_rollback&page=1&per_page=50&state=firing': () => ({
        ...page,
        data: [page.data[1]],
        total: 1,
      }),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'firing');
    await waitFor(() => expect(screen.getByText('2 alerts')).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'safe_apply_rollback');
    await waitFor(() => expect(screen.getByText('1 alert')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?state=firing&kind=safe_apply_rollback');
    expect(calls.map((c) => c.url)).toContain(
      '/api/alerts?kind=safe_apply_rollback&page=1&per_page=50&state=firing',
    );
  });

  test('checks now, and acknowledges a rollback from its row', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      'POST /api/alerts/evaluate': () => ({ fired: 0, resolved: 1 }),
      'POST /api/alerts/acknowledge/2': () => ({
        ...page.data[1],
        state: 'resolved',
        acknowledgeable: false,
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/alerts/evaluate')).toBe(true));
    const row = screen.getByRole('link', { name: /rolled back/ }).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /Acknowledge/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/alerts/acknowledge/2')).toMatchObject({ method: 'POST' }),
    );
    // Only the rollback has the action.
    const first = screen.getByRole('link', { name: /host1/ }).closest('tr') as HTMLElement;
    expect(within(first).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
  });

  test('changes the thresholds, refusing a step the appliance refuses', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      'PUT /api/alerts/settings': () => ({ expiry_days: [90, 30, 7], lockout_threshold: 8 }),
    });
    const section = screen.getByRole('region', { name: 'Thresholds' });
    const steps = within(section).getByRole('textbox', { name: /Expiry steps/ });
    expect(steps).toHaveValue('60, 30, 7, 1');
    await user.clear(steps);
    await user.type(steps, '90, 0');
    await user.click(within(section).getByRole('button', { name: 'Save thresholds' }));
    expect(await within(section).findByText(/whole number of days from 1 to 365/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(steps);
    await user.type(steps, '7, 90, 30');
    const threshold = within(section).getByRole('textbox', { name: /Lockout threshold/ });
    await user.clear(threshold);
    await user.type(threshold, '8');
    await user.click(within(section).getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/alerts/settings',
        body: { expiry_days: [7, 90, 30], lockout_threshold: 8 },
      }),
    );
  });
});

describe('the channels page', () => {
  const email: ChannelItem = {
    id: 1,
    name: 'Operators',
    type: 'email',
    enabled: true,
    min_severity: 'warning',
    kinds: ['certificate_expiry', 'ca_expiry'],
    recipients: ['ops@example.org'],
    has_secret: false,
    created_at: T,
  };
  const hook: ChannelItem = {
    id: 2,
    name: 'SIEM',
    type: 'webhook',
    enabled: true,
    min_severity: 'critical',
    kinds: [],
    url: 'https://siem.example.net/hook',
    has_secret: true,
    created_at: T,
  };
  const delivery = (id: number, more: Partial<DeliveryItem> = {}): DeliveryItem => ({
    id,
    channel_id: 2,
    event: 'alert.fired',
    alert_key: 'certificate_expiry:c1',
    at: T,
    outcome: 'delivered',
    attempts: 1,
    detail: 'HTTP 204',
    ...more,
  });
  const setup = (routes: Parameters<typeof fakeApi>[0] = {}) => {
    const { api, calls } = fakeApi({
      'GET /api/alerts/channels': () => ({ data: [email, hook] }),
      ...routes,
    });
    const view = renderPage(<ChannelsPage />, {
      api,
      path: '/system/alert-channels',
      state: { session: admin, ...resourcesState({ 'alerts/channels': { data: [email, hook] } }) },
    });
    return { ...view, calls };
  };

  test('lists each channel with where it sends and its rules; no axe findings', async () => {
    const { container } = setup();
    const ops = screen.getByRole('listitem', { name: 'Operators' });
    expect(ops).toHaveTextContent('ops@example.org');
    expect(ops).toHaveTextContent('Warning and above; Certificate expiry, Authority expiry');
    const siem = screen.getByRole('listitem', { name: 'SIEM' });
    expect(siem).toHaveTextContent('Critical and above; every kind');
    expect(siem).toHaveTextContent('Yes (HMAC-SHA256)');
    expect((await axe(container)).violations).toEqual([]);
  });

  test('adds a webhook with its rules, refusing a short secret and a bad address first', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ 'POST /api/alerts/channels': () => ({ ...hook, id: 3, name: 'Pager' }) });
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    const form = screen.getByRole('region', { name: 'New channel' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Pager');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'webhook');
    await user.type(within(form).getByRole('textbox', { name: /^Address/ }), 'ftp://pager.example.net');
    await user.type(within(form).getByLabelText(/^Signing secret/), 'short');
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect(await within(form).findByText(/at least 16 characters/)).toBeInTheDocument();
    expect(within(form).getByText(/starts with https:\/\//)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const address = within(form).getByRole('textbox', { name: /^Address/ });
    await user.clear(address);
    await user.type(address, 'https://pager.example.net/hook');
    await user.type(within(form).getByLabelText(/^Signing secret/), '-and-long-enough-now');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Lowest severity sent' }),
      'critical',
    );
    await user.click(within(form).getByRole('checkbox', { name: 'Backup failing' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Service down' }));
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/alerts/channels',
        body: {
          name: 'Pager',
          type: 'webhook',
          enabled: true,
          min_severity: 'critical',
          kinds: ['service_down', 'backup_failed'],
          url: 'https://pager.example.net/hook',
          secret: 'short-and-long-enough-now',
        },
      }),
    );
  });

  test('an e-mail channel needs valid recipients', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit Operators' }));
    const form = screen.getByRole('region', { name: 'Edit Operators' });
    await user.click(within(form).getByRole('button', { name: /Remove ops@example.org/ }));
    await user.click(within(form).getByRole('button', { name: 'Save channel' }));
    expect(await within(form).findByText('Add at least one recipient.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  test('sends a test and shows its result, and shows the delivery history', async () => {
    const user = userEvent.setup();
    setup({
      'POST /api/alerts/channels/2/test': () =>
        delivery(9, {
          event: 'test',
          alert_key: null,
          outcome: 'failed',
          attempts: 3,
          detail: 'the webhook answered HTTP 500',
        }),
      'GET /api/alerts/channels/2/deliveries': () => ({
        data: [delivery(9, { event: 'test', alert_key: null, outcome: 'failed', attempts: 3 }), delivery(8)],
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Send test through SIEM' }));
    const siem = screen.getByRole('listitem', { name: 'SIEM' });
    expect(await within(siem).findByRole('status')).toHaveTextContent(
      'Test failed after 3 attempts: the webhook answered HTTP 500',
    );
    await user.click(screen.getByRole('button', { name: 'Delivery history of SIEM' }));
    const history = await within(siem).findByRole('table', { name: 'Deliveries of SIEM' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Test');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('certificate_expiry:c1');
    expect(rows[1]).toHaveTextContent('Delivered');
  });
});
