/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ConfigPage } from '../../../../src/app/pages/ssh/ConfigPage';
import { PasswordPage } from '../../../../src/app/pages/ssh/PasswordPage';
import { DynamicPage } from '../../../../src/app/pages/dns/DynamicPage';
import { fakeApi } from '../../../sagas/fakes';
import {
  dynamicDns,
  resourcesState,
  shellPassword,
  sshConfig,
  sshService,
} from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';

const preview = {
  files: [{ path: '/data/etc/ssh/sshd_config', content: 'Port 22\n' }],
  pending_changes: false,
  applied_at: 1,
};

describe('SSH configuration page', () => {
  function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
    const { api, calls } = fakeApi({
      'GET /api/ssh/config': () => sshConfig,
      'GET /api/ssh/config/preview': () => preview,
      'GET /api/ssh/service': () => sshService,
      ...routes,
    });
    const view = renderPage(<ConfigPage />, {
      api,
      path: '/ssh/config',
      state: resourcesState({
        'ssh/config': sshConfig,
        'ssh/config/preview': preview,
        'ssh/service': sshService,
      }),
    });
    return { ...view, calls };
  }

  test('shows the settings, host-key fingerprints and authorised keys; no serious axe findings', async () => {
    const { container } = setup();
    expect(screen.getByRole('textbox', { name: 'Port' })).toHaveValue('22');
    expect(screen.getByText(/root@rampart \(ED25519\)/)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'admin' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'curve25519-sha256' })).toBeChecked();
    expect((await axe(container)).violations).toEqual([]);
  });

  test('saves the settings with the port as a number and the chosen algorithms', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ 'PUT /api/ssh/config/settings': (b) => b });
    const port = screen.getByRole('textbox', { name: 'Port' });
    await user.clear(port);
    await user.type(port, '2222');
    await user.click(screen.getByRole('checkbox', { name: 'sntrup761x25519-sha512@openssh.com' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      port: 2222,
      // Kept in the known-good list's order.
      kex_algorithms: ['sntrup761x25519-sha512@openssh.com', 'curve25519-sha256'],
    });
  });

  test('refuses to save without any cipher', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'chacha20-poly1305@openssh.com' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Choose at least one cipher.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  test("the appliance's error about a listen address shows under the list", () => {
    const { api } = fakeApi({});
    renderPage(<ConfigPage />, {
      api,
      path: '/ssh/config',
      state: {
        ...resourcesState({ 'ssh/config': sshConfig, 'ssh/config/preview': preview }),
        fieldErrors: { 'listen_addresses.0': 'Value is not a valid IP address.' },
      },
    });
    const section = screen.getByRole('region', { name: 'Service' });
    expect(within(section).getByRole('alert')).toHaveTextContent('Value is not a valid IP address.');
  });
});

describe('SSH password page', () => {
  function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
    const { api, calls } = fakeApi({ 'GET /api/ssh/password': () => shellPassword, ...routes });
    const view = renderPage(<PasswordPage />, {
      api,
      path: '/ssh/password',
      state: resourcesState({ 'ssh/password': shellPassword }),
    });
    return { ...view, calls };
  }

  test('a weak password is refused by the policy before anything is sent', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.type(screen.getByLabelText(/^New password/), 'aaaaaaaaaaaa');
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'aaaaaaaaaaaa');
    await user.type(screen.getByLabelText(/^Your console password/), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/too weak/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  test('a strong password is sent with the current password, not the repetition', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      'PUT /api/ssh/password': () => ({ ...shellPassword, changed_at: 1, changed_by: 'admin' }),
    });
    await user.type(screen.getByLabelText(/^New password/), 'Quartz-Falcon-29!');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'Quartz-Falcon-29!');
    await user.type(screen.getByLabelText(/^Your console password/), 'console-pass-123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        current_password: 'console-pass-123',
        new_password: 'Quartz-Falcon-29!',
      }),
    );
  });
});

describe('dynamic DNS page', () => {
  test('lists accounts with their last result and never shows a secret field value', async () => {
    const { api } = fakeApi({ 'GET /api/dns/dynamic': () => dynamicDns });
    const { container } = renderPage(<DynamicPage />, {
      api,
      path: '/dns/dynamic',
      state: resourcesState({ 'dns/dynamic': dynamicDns }),
    });
    expect(screen.getByRole('rowheader', { name: 'home.example.net' })).toBeInTheDocument();
    expect(screen.getByText('good 203.0.113.7')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Edit home\.example\.net/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit account' });
    expect(within(dialog).getByLabelText('Password or token')).toHaveValue('');
    expect((await axe(container)).violations).toEqual([]);
  });

  test('an account that may only read the DNS area sees the accounts without add, edit, delete or Update now', () => {
    const { api } = fakeApi({ 'GET /api/dns/dynamic': () => dynamicDns });
    renderPage(<DynamicPage />, {
      api,
      path: '/dns/dynamic',
      state: {
        session: {
          loggedIn: true,
          user: { username: 'dns-reader', role: 'user', privileges: { dns: 'read' } },
        },
        ...resourcesState({ 'dns/dynamic': dynamicDns }),
      },
    });
    expect(screen.getByTestId('read-only-notice')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'home.example.net' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add account' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Update now)/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox', { name: /^Select/ })).toEqual([]);
  });

  test('a failing account says since when, what failed and when it retries, not "On"', () => {
    const { api } = fakeApi({ 'GET /api/dns/dynamic': () => dynamicDns });
    renderPage(<DynamicPage />, {
      api,
      path: '/dns/dynamic',
      state: resourcesState({ 'dns/dynamic': dynamicDns }),
    });
    const row = screen.getByRole('rowheader', { name: 'cabin.duckdns.org' }).closest('tr') as HTMLElement;
    expect(within(row).getByText(/^Failing since /)).toBeInTheDocument();
    expect(
      within(row).getByText('The DNS lookup of www.duckdns.org failed (ENOTFOUND) (updating the provider)'),
    ).toBeInTheDocument();
    expect(within(row).getByText(/^Retries /)).toBeInTheDocument();
    expect(within(row).queryByText('On')).toBeNull();
    const working = screen.getByRole('rowheader', { name: 'home.example.net' }).closest('tr') as HTMLElement;
    expect(within(working).getByText('Up to date')).toBeInTheDocument();
  });

  test('an account brought back without its token (a reverted deletion) says it must be entered again', () => {
    const [first] = dynamicDns.accounts;
    const returned = {
      ...first,
      id: 90,
      provider: 'duckdns',
      hostname: 'returned.duckdns.org',
      username: '',
      enabled: false,
      has_secret: false,
    };
    const data = { ...dynamicDns, accounts: [returned] };
    const { api } = fakeApi({ 'GET /api/dns/dynamic': () => data });
    renderPage(<DynamicPage />, {
      api,
      path: '/dns/dynamic',
      state: resourcesState({ 'dns/dynamic': data }),
    });
    const row = screen.getByRole('rowheader', { name: 'returned.duckdns.org' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Off: enter its password or token')).toBeInTheDocument();
  });

  test('an empty list says so', () => {
    const { api } = fakeApi({});
    renderPage(<DynamicPage />, {
      api,
      path: '/dns/dynamic',
      state: resourcesState({ 'dns/dynamic': { ...dynamicDns, accounts: [] } }),
    });
    expect(screen.getByText('No dynamic DNS accounts.')).toBeInTheDocument();
  });
});
