/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resourcesSaga } from '../../../../sagas/resources.saga';
import { ApiError } from '../../../../src/api/errors';
import { UserDetailPage } from '../../../../src/app/pages/authentication/UserDetailPage';
import type { AccountDetail } from '../../../../src/shared/contracts/authentication';
import { fakeApi, makeTestStore } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';

const detail: AccountDetail = {
  id: 2,
  username: 'j.doe',
  email: 'j@example.com',
  full_name: 'J Doe',
  role: 'user',
  enabled: true,
  locked: false,
  expires_at: null,
  must_change_password: false,
  created_at: 1_700_000_000_000,
  password_changed_at: null,
  second_factors: [{ type: 'totp', created_at: 1_700_000_000_000 }],
  last_login: 1_700_000_500_000,
  failed_since_last_login: 2,
  login_history: [
    { at: 1_700_000_600_000, source: '10.0.0.9', method: 'password', success: false },
    { at: 1_700_000_500_000, source: '10.0.0.2', method: 'password+totp', success: true },
  ],
  active_sessions: 1,
  groups: [],
};

const groups = {
  data: [
    { id: 7, name: 'DNS readers', description: '', created_at: 0, members: [], privileges: { dns: 'read' } },
    { id: 8, name: 'Auditors', description: '', created_at: 0, members: [], privileges: { logs: 'read' } },
  ],
};

function setup(
  routes: Parameters<typeof fakeApi>[0] = {},
  user: {
    username: string;
    role: 'admin' | 'user';
    privileges?: Record<string, 'read' | 'write'>;
  } | null = null,
  account: AccountDetail = detail,
) {
  const { api, calls } = fakeApi({ 'GET /api/users/2': () => account, ...routes });
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user }, ...resourcesState({ 'users/2': account, groups }) },
  });
  store.runSaga(resourcesSaga);
  const router = createMemoryRouter(
    [
      { path: '/authentication/users/:id', element: <UserDetailPage /> },
      { path: '/authentication/users', element: <p>The list</p> },
    ],
    { initialEntries: ['/authentication/users/2'] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, calls, router };
}

test('shows the account, its second factor and sign-in history with failures since the last success', async () => {
  const { container } = setup();
  expect(screen.getByRole('heading', { name: 'User j.doe Enabled', level: 1 })).toBeInTheDocument();
  expect(screen.getByText(/Failed attempts since: 2/)).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('J Doe');
  expect(screen.getByText(/Authenticator app \(TOTP\)/)).toBeInTheDocument();
  const history = screen.getByRole('region', { name: 'Sign-in history' });
  expect(within(history).getByText('Failed')).toBeInTheDocument();
  expect(within(history).getByText('password+totp')).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
});

test('saves the edited account and ends every session after confirmation', async () => {
  const user = userEvent.setup();
  const { calls } = setup({
    'PUT /api/users/2': (b) => ({ ...detail, ...(b as object) }),
    'DELETE /api/users/2/sessions': () => ({ ended: 1 }),
    'GET /api/users': () => ({ data: [] }),
  });
  await user.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'admin');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      email: 'j@example.com',
      full_name: 'J Doe',
      role: 'admin',
      enabled: true,
      expires_at: null,
      groups: [],
    }),
  );
  await user.click(screen.getByRole('button', { name: 'End all sessions' }));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End sessions' }));
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/users/2/sessions')).toBe(true),
  );
});

test('puts the account into the chosen groups', async () => {
  const user = userEvent.setup();
  const { calls } = setup({
    'PUT /api/users/2': (b) => ({ ...detail, groups: [{ id: 7, name: 'DNS readers' }], ...(b as object) }),
    'GET /api/users': () => ({ data: [] }),
  });
  await user.click(screen.getByRole('button', { name: /Groups/ }));
  await user.click(screen.getByRole('option', { name: /DNS readers/ }));
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ groups: [7] }));
});

test('an account that may only read the authentication area sees the user without controls to change it', () => {
  setup({}, { username: 'j.doe', role: 'user', privileges: { authentication: 'read' } });
  expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('J Doe');
  expect(screen.getByRole('textbox', { name: /Full name/ })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Delete user' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'End all sessions' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Reset second factors' })).toBeDisabled();
});

describe('a user the page cannot show', () => {
  const failure = (status: number) => () => {
    throw new ApiError({
      kind: status >= 500 ? 'bad_response' : 'bad_request',
      status,
      message: `Request failed with status code ${status}`,
      url: '/api/users/9',
      method: 'GET',
    });
  };
  // Opened by a client navigation: nothing loaded yet.
  function open(routes: Parameters<typeof fakeApi>[0]) {
    const { api } = fakeApi({ 'GET /api/groups': () => groups, ...routes });
    const store = makeTestStore({ api, state: { session: { loggedIn: true, user: null } } });
    store.runSaga(resourcesSaga);
    const router = createMemoryRouter([{ path: '/authentication/users/:id', element: <UserDetailPage /> }], {
      initialEntries: ['/authentication/users/9'],
    });
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    return { store };
  }

  test('an id the appliance answers 404 for is the 404 naming the path', async () => {
    const { store } = open({});
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('/authentication/users/9')).toBeInTheDocument();
    expect(screen.queryByText(/does not exist/)).toBeNull();
    // The page is what says so: no toast repeats it.
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().notifications.toasts).toEqual([]);
  });

  test.each([
    [500, 'The user could not be loaded: the appliance answered with an error (HTTP 500).'],
    [403, 'The user could not be loaded: you may not see it.'],
  ])('a load answered %i says so, not that the user does not exist', async (status, text) => {
    const { store } = open({ 'GET /api/users/9': failure(status) });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
    expect(screen.queryByText(/does not exist/)).toBeNull();
    // Any other failure still goes through the one error handler.
    await waitFor(() => expect(store.getState().notifications.toasts).toHaveLength(1));
  });

  test('Try again shows the user once the appliance answers', async () => {
    const user = userEvent.setup();
    let answer: () => unknown = failure(500);
    open({ 'GET /api/users/9': () => answer() });
    await screen.findByRole('alert');
    answer = () => ({ ...detail, id: 9 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'User j.doe Enabled', level: 1 })).toBeInTheDocument();
  });
});

test('lists the account’s security keys beside its app and resets both in one step', async () => {
  const user = userEvent.setup();
  const withKeys: AccountDetail = {
    ...detail,
    security_keys: [{ id: 4, name: 'YubiKey 5', created_at: 1_700_000_000_000, last_used_at: null }],
  };
  const { calls } = setup({ 'DELETE /api/users/2/second-factors': () => ({}) }, null, withKeys);
  const factors = screen.getByRole('region', { name: 'Second factors' });
  expect(factors).toHaveTextContent('Security key "YubiKey 5", added');
  expect(factors).toHaveTextContent('never used');
  await user.click(within(factors).getByRole('button', { name: 'Reset second factors' }));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
});
