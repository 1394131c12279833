/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ApiError } from '../../../../src/api/errors';
import { LockoutPage } from '../../../../src/app/pages/authentication/LockoutPage';
import { UsersPage } from '../../../../src/app/pages/authentication/UsersPage';
import type { Account } from '../../../../src/shared/contracts/authentication';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';

const account = (id: number, username: string, more: Partial<Account> = {}): Account => ({
  id,
  username,
  email: '',
  full_name: '',
  role: 'user',
  enabled: true,
  locked: false,
  expires_at: null,
  must_change_password: false,
  created_at: 1_700_000_000_000,
  password_changed_at: null,
  second_factors: [],
  ...more,
});

const users = {
  data: [account(1, 'admin', { role: 'admin' }), account(2, 'j.doe', { full_name: 'J Doe' })],
  total: 2,
  page: 1,
  per_page: 50,
};
/** The first page as the route's prefetch asks for it. */
const FIRST_PAGE = 'users?page=1&per_page=50&sort=username';

function setupUsers(routes: Parameters<typeof fakeApi>[0] = {}, signedInAs: string | null = null) {
  const { api, calls } = fakeApi({ [`GET /api/${FIRST_PAGE}`]: () => users, ...routes });
  const view = renderPage(<UsersPage />, {
    api,
    path: '/authentication/users',
    state: {
      ...resourcesState({ [FIRST_PAGE]: users, groups: { data: [] } }),
      ...(signedInAs
        ? { session: { loggedIn: true, user: { username: signedInAs, role: 'admin' as const } } }
        : {}),
    },
  });
  return { ...view, calls };
}

describe('Users page', () => {
  test('lists the accounts with their status; no axe findings', async () => {
    const { container } = setupUsers();
    expect(screen.getByRole('rowheader', { name: 'j.doe' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByText('Enabled')).toHaveLength(2);
    expect((await axe(container)).violations).toEqual([]);
  });

  test('adds a user and shows its one-time password once', async () => {
    const user = userEvent.setup();
    const { calls } = setupUsers({
      'POST /api/users': (b) => ({
        ...account(3, 'new.one'),
        ...(b as object),
        one_time_password: 'Abc123defGHJ456k',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByRole('textbox', { name: /User name/ }), 'bad name');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByRole('textbox', { name: /User name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /User name/ }), 'new.one');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByTestId('one-time-password')).toHaveTextContent('Abc123defGHJ456k'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'new.one',
      email: '',
      full_name: '',
      role: 'user',
      enabled: true,
      expires_at: null,
      groups: [],
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('one-time-password')).not.toBeInTheDocument();
  });

  test('the Add user dialog sends its Reason with the new account (shown in History)', async () => {
    const user = userEvent.setup();
    const { calls } = setupUsers({
      'POST /api/users': (b) => ({
        ...account(3, 'new.one'),
        ...(b as object),
        one_time_password: 'Abc123defGHJ456k',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByRole('textbox', { name: /User name/ }), 'new.one');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'New hire, ticket HR-88',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.headers).toEqual({
      'x-change-reason': 'New hire, ticket HR-88',
    });
  });

  test('a refused bulk disable lists the conflicting users for 2,500 ms each', async () => {
    const user = userEvent.setup();
    const conflicting_users = [
      { id: 1, username: 'admin', reason: 'it is your own account' },
      { id: 2, username: 'j.doe', reason: 'no enabled admin would remain' },
    ];
    const { calls, store } = setupUsers({
      'POST /api/users/bulk': () => {
        throw new ApiError({
          kind: 'bad_request',
          status: 409,
          message: 'Request failed with status code 409',
          url: '/api/users/bulk',
          method: 'POST',
          data: {
            detail: [
              {
                loc: ['body', 'ids'],
                msg: 'x',
                type: 'status_error.conflicting_users',
                ctx: { conflicting_users },
              },
            ],
          },
        });
      },
    });
    for (const box of screen.getAllByRole('checkbox', { name: /Select/ }).slice(1)) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Disable selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable 2 users' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable 2 users' }));
    await waitFor(() => expect(store.getState().notifications.toasts).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'disable', ids: [1, 2] });
    const toast = store.getState().notifications.toasts[0];
    expect(toast.message).toContain('admin, j.doe');
    expect(toast.duration).toBe(5000);
  });
});

describe('Users page as an entity list', () => {
  test('links to the History of the authentication area', () => {
    setupUsers();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/system/history?area=authentication',
    );
  });

  test('says how many accounts there are and links each name to its page', () => {
    setupUsers();
    expect(screen.getByText('2 users')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'j.doe' })).toHaveAttribute('href', '/authentication/users/2');
  });

  test('the signed-in admin cannot select their own account, and select-all leaves it out', async () => {
    const user = userEvent.setup();
    const { calls } = setupUsers({ 'POST /api/users/bulk': () => ({}) }, 'admin');
    const own = screen.getByRole('checkbox', { name: /admin/ });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(/Your own account/);
    await user.click(screen.getByRole('checkbox', { name: /Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 1 user' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete 1 user' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'delete', ids: [2] });
  });

  test('a filter asks the appliance for the matching page, back on page 1', async () => {
    const user = userEvent.setup();
    const admins = { ...users, data: [users.data[0]], total: 1 };
    const { calls, router } = setupUsers({
      'GET /api/users?page=1&per_page=50&role=admin&sort=username': () => admins,
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'j.doe' })).not.toBeInTheDocument());
    expect(calls.map((c) => c.url)).toContain('/api/users?page=1&per_page=50&role=admin&sort=username');
    expect(router.state.location.search).toBe('?role=admin');
  });
});

describe('Lockout page', () => {
  const policy = { attempts: 5, window_seconds: 900, duration_seconds: 900 };
  const locks = {
    data: [
      {
        username: 'mallory',
        source: '10.0.0.9',
        service: 'ssh',
        services: [
          { service: 'ssh', failures: 3 },
          { service: 'identity', failures: 2 },
        ],
        locked_until: '2026-01-01T00:00:00Z',
        seconds_left: 600,
      },
    ],
  };

  test('saves the policy as numbers and unlocks a locked name from the queue', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'GET /api/config/lockout': () => policy,
      'PUT /api/config/lockout': (b) => b,
      'GET /api/auth/lockouts': () => ({ data: [] }),
      'DELETE /api/auth/lockouts/mallory': () => null,
      'GET /api/users': () => users,
    });
    const { container } = renderPage(<LockoutPage />, {
      api,
      path: '/authentication/lockout',
      state: resourcesState({ 'config/lockout': policy, 'auth/lockouts': locks }),
    });
    expect(screen.getByRole('rowheader', { name: 'mallory' })).toBeInTheDocument();
    expect(screen.getByText('10 min')).toBeInTheDocument();
    // One lock per name and address; the services whose failures count toward it are named.
    expect(screen.getByText('SSH (3), identity service (2)')).toBeInTheDocument();
    expect((await axe(container)).violations).toEqual([]);
    const attempts = screen.getByRole('textbox', { name: /Failed attempts/ });
    await user.clear(attempts);
    await user.type(attempts, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        ...policy,
        attempts: 3,
        account: { attempts: 50, window_seconds: 900 },
        source: null,
        allow_list: [],
      }),
    );
    await user.click(screen.getByRole('button', { name: /Unlock/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/lockouts/mallory')).toBe(true),
    );
    await waitFor(() => expect(screen.getByText('Nobody is locked out.')).toBeInTheDocument());
  });

  test('previews whom the edited policy would have locked over recent failures', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'GET /api/auth/lockouts': () => ({ data: [] }),
      'POST /api/users/lockout-simulation': () => ({
        since: 1_700_000_000_000,
        failures: 4,
        locks: [{ username: 'mallory', source: '10.0.0.9', locked_at: 1_700_000_100_000 }],
      }),
    });
    renderPage(<LockoutPage />, {
      api,
      path: '/authentication/lockout',
      state: resourcesState({ 'config/lockout': policy, 'auth/lockouts': { data: [] } }),
    });
    const attempts = screen.getByRole('textbox', { name: /Failed attempts/ });
    await user.clear(attempts);
    await user.type(attempts, '2');
    await user.click(screen.getByRole('button', { name: 'Preview on recent failures' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('status')).toHaveTextContent('Over 4 failed sign-ins');
    expect(within(preview).getByText(/mallory from 10\.0\.0\.9/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ...policy, attempts: 2 });
    // Previewing changes nothing: no PUT of the policy.
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('Lockout page rules and allow-list', () => {
  const full = {
    attempts: 5,
    window_seconds: 900,
    duration_seconds: 900,
    account: { attempts: 50, window_seconds: 900 },
    source: null,
    allow_list: ['10.0.0.0/8'],
  };

  function setupLockout(session?: {
    username: string;
    role: 'admin' | 'user';
    privileges: Record<string, string>;
  }) {
    const { api, calls } = fakeApi({
      'GET /api/config/lockout': () => full,
      'PUT /api/config/lockout': (b) => ({ ...(b as object), confirmation: null }),
      'GET /api/auth/lockouts': () => ({ data: [] }),
      'GET /api/apply/confirmations': () => ({ data: [] }),
    });
    const view = renderPage(<LockoutPage />, {
      api,
      path: '/authentication/lockout',
      state: {
        ...(session ? { session: { loggedIn: true, user: session } } : {}),
        ...resourcesState({ 'config/lockout': full, 'auth/lockouts': { data: [] } }),
      },
    });
    return { ...view, calls };
  }

  test('turns the per-source rule on and adds an IPv6 network to the allow-list', async () => {
    const user = userEvent.setup();
    const { calls } = setupLockout();
    expect(screen.getByText('10.0.0.0/8')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Limit failures per source address/ }));
    const attempts = screen.getByRole('textbox', { name: /Attempts of one address/ });
    await user.clear(attempts);
    await user.type(attempts, '20');
    const list = screen.getByRole('textbox', { name: /Allow-listed networks/ });
    await user.type(list, '2001:db8::/48{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        ...full,
        source: { attempts: 20, window_seconds: 900 },
        allow_list: ['10.0.0.0/8', '2001:db8::/48'],
      }),
    );
  });

  test('refuses a network with host bits before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = setupLockout();
    await user.type(screen.getByRole('textbox', { name: /Allow-listed networks/ }), '10.1.2.3/16{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/10\.1\.2\.3\/16 has host bits set; did you mean 10\.1\.0\.0\/16\?/),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  test('is read-only for an account that may only read the authentication area', () => {
    setupLockout({ username: 'j.doe', role: 'user', privileges: { authentication: 'read' } });
    expect(screen.getByTestId('read-only-notice')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Failed attempts/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // The preview only reads: it stays available.
    expect(screen.getByRole('button', { name: 'Preview on recent failures' })).toBeEnabled();
  });
});
