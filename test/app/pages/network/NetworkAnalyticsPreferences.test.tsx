/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NetworkAnalyticsPage } from '../../../../src/app/pages/network/NetworkAnalytics';
import { NetworkPreferencesPage } from '../../../../src/app/pages/network/NetworkPreferences';
import {
  networkSlice,
  type PreferencesAnswer,
  type SamplesAnswer,
} from '../../../../src/store/slices/network.slice';
import { fakeApi } from '../../../sagas/fakes';
import { seriousViolations } from '../../../widgets/support/axe';
import { renderPage } from './support';

const empty: SamplesAnswer = {
  interval_seconds: 60,
  retention_days: 7,
  from: 1000,
  to: 87_400,
  interfaces: [],
  series: [],
};
const withData: SamplesAnswer = {
  ...empty,
  interfaces: ['eth0', 'lo'],
  series: [
    { interface: 'lo', points: [{ t: 2000, rx: 10, tx: 10 }], rxTotal: 600, txTotal: 600 },
    {
      interface: 'eth0',
      points: [
        { t: 2000, rx: 1000, tx: 100 },
        { t: 2060, rx: 2000, tx: 200 },
      ],
      rxTotal: 180_000,
      txTotal: 18_000,
    },
  ],
};

describe('network analytics', () => {
  test('an honest empty state before two samples exist', async () => {
    const { api } = fakeApi({ 'GET /api/network/samples': () => empty });
    const { view } = renderPage(<NetworkAnalyticsPage />, { api });
    expect(await screen.findByText(/No traffic samples in this range yet/)).toHaveTextContent(
      'one every 60 s',
    );
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  test('a chart per interface, the busiest first, and a range preset reloads with its range', async () => {
    const { api, calls } = fakeApi({ 'GET /api/network/samples': () => withData });
    renderPage(<NetworkAnalyticsPage />, { api });
    expect(await screen.findByRole('figure', { name: /eth0: received and sent/ })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Busiest interfaces in this range' })).getAllByRole(
      'row',
    );
    expect(rows.map((r) => r.textContent?.slice(0, 4))).toEqual(['Inte', 'eth0', 'lo60']);
    expect(screen.getByText(/does not collect/)).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last hour');
    await waitFor(() => expect(calls).toHaveLength(2));
    const q = calls[1].query as { from: number; to: number };
    expect(q.to - q.from).toBe(3600);
  });
});

const prefs: PreferencesAnswer = {
  data: {
    hostname: 'gw',
    domain: 'example.net',
    dns_servers: ['192.0.2.53'],
    ntp_servers: [],
    timezone: 'UTC',
  },
  saved: false,
  updated_at: null,
  updated_by: null,
  files: [{ path: '/etc/hostname', content: 'gw\n' }],
  time_zones: ['Europe/Paris', 'UTC'],
};
const loaded = (
  role: 'admin' | 'user',
  privileges: Record<string, 'read' | 'write'> = { network: 'read' },
) => ({
  session: { loggedIn: true, user: { username: role, role, privileges } },
  network: {
    ...networkSlice.getInitialState(),
    preferences: {
      ...networkSlice.getInitialState().preferences,
      status: 'loaded' as const,
      data: prefs,
      timeZones: prefs.time_zones!,
    },
  },
});

describe('network preferences', () => {
  test('users whose groups grant only reading see the values read-only', async () => {
    const { view } = renderPage(<NetworkPreferencesPage />, { state: loaded('user') });
    expect(screen.getByRole('textbox', { name: /Host name/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.getByText(/You can view the network preferences but not change them/)).toBeInTheDocument();
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  test('users whose groups grant writing may change them like admins', () => {
    renderPage(<NetworkPreferencesPage />, { state: loaded('user', { network: 'write' }) });
    expect(screen.getByRole('textbox', { name: /Host name/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  test('apply checks on the server, shows the rendered files, and writes only once confirmed', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'POST /api/network/preferences/preview': () => ({
        files: [{ path: '/etc/hostname', content: 'edge-2\n' }],
      }),
      'PUT /api/network/preferences': (body) => ({
        ...prefs,
        data: body,
        saved: true,
        updated_at: 1,
        updated_by: 'admin',
      }),
    });
    renderPage(<NetworkPreferencesPage />, { api, state: loaded('admin') });
    const host = screen.getByRole('textbox', { name: /Host name/ });
    await user.clear(host);
    await user.type(host, 'edge-2');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Apply the network preferences?' });
    expect(dialog).toHaveTextContent('edge-2');
    expect(calls.map((c) => c.method)).toEqual(['POST']);
    expect(calls[0].body).toEqual({ ...prefs.data, hostname: 'edge-2' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('The preferences were applied and their files written.'),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PUT']);
  });

  test('cancelling the confirmation writes nothing', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'POST /api/network/preferences/preview': () => ({ files: prefs.files }),
    });
    renderPage(<NetworkPreferencesPage />, { api, state: loaded('admin') });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.map((c) => c.method)).toEqual(['POST']);
  });
});

describe('network preferences form checks', () => {
  test('an invalid host name, domain or server is not sent', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({});
    renderPage(<NetworkPreferencesPage />, { api, state: loaded('admin') });
    const host = screen.getByRole('textbox', { name: /Host name/ });
    await user.clear(host);
    await user.type(host, 'bad_host');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/must be a hostname/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
