/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resourcesSaga } from '../../../../sagas/resources.saga';
import { ApiError } from '../../../../src/api/errors';
import { GroupDetailPage } from '../../../../src/app/pages/authentication/GroupDetailPage';
import { GroupsPage } from '../../../../src/app/pages/authentication/GroupsPage';
import type { Group } from '../../../../src/shared/contracts/authentication';
import { ProxyPage } from '../../../../src/app/pages/dns/ProxyPage';
import type { SessionUser } from '../../../../src/store/slices/session.slice';
import { fakeApi, makeTestStore } from '../../../sagas/fakes';
import { dnsPreview, dnsProxyFilled, resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';

const group = (id: number, name: string, more: Partial<Group> = {}): Group => ({
  id,
  name,
  description: '',
  created_at: 1_700_000_000_000,
  members: [],
  privileges: {},
  ...more,
});

const groups = {
  data: [
    group(1, 'DNS readers', { members: [{ id: 2, username: 'j.doe' }], privileges: { dns: 'read' } }),
    group(2, 'Auditors', { privileges: { logs: 'read', messaging: 'read' } }),
  ],
  total: 2,
  page: 1,
  per_page: 50,
};
/** The list page's first page, as its route asks for it. */
const FIRST_PAGE = 'groups?page=1&per_page=50&sort=name';
const users = {
  data: [
    { id: 1, username: 'admin', role: 'admin', full_name: '' },
    { id: 2, username: 'j.doe', role: 'user', full_name: 'J Doe' },
  ],
};

const admin: SessionUser = { username: 'admin', role: 'admin', privileges: {} };
const session = (user: SessionUser) => ({ session: { loggedIn: true, user } });

function setupList(routes: Parameters<typeof fakeApi>[0] = {}) {
  const { api, calls } = fakeApi({
    [`GET /api/${FIRST_PAGE}`]: () => groups,
    'GET /api/users': () => users,
    ...routes,
  });
  const view = renderPage(<GroupsPage />, {
    api,
    path: '/authentication/groups',
    state: { ...session(admin), ...resourcesState({ [FIRST_PAGE]: groups, users }) },
  });
  return { ...view, calls };
}

test('lists the groups with their members and privileges; no axe findings', async () => {
  const { container } = setupList();
  expect(screen.getByRole('rowheader', { name: 'DNS readers' })).toBeInTheDocument();
  expect(screen.getByText('dns: read')).toBeInTheDocument();
  expect(screen.getByText('logs: read, messaging: read')).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
});

test('adds a group with members and a privilege per area', async () => {
  const user = userEvent.setup();
  const { calls } = setupList({ 'POST /api/groups': (b) => ({ ...group(3, 'x'), ...(b as object) }) });
  await user.click(screen.getByRole('button', { name: 'Add group' }));
  const dialog = screen.getByRole('dialog', { name: 'Add group' });
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() =>
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true'),
  );
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' Network team ');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /^DNS/ }), 'read');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Network/ }), 'write');
  await user.click(within(dialog).getByRole('button', { name: /Members/ }));
  await user.click(screen.getByRole('option', { name: /j\.doe/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Network team',
      description: '',
      members: [2],
      privileges: { dns: 'read', network: 'write' },
    }),
  );
});

test('a refused bulk delete lists the conflicting groups for 2,500 ms each', async () => {
  const user = userEvent.setup();
  const conflicting_groups = [
    { id: 1, name: 'DNS readers', reason: 'it is the only access of "j.doe"' },
    { id: 2, name: 'Auditors', reason: 'it is the only access of "k.roe"' },
  ];
  const { calls, store } = setupList({
    'POST /api/groups/bulk': () => {
      throw new ApiError({
        kind: 'bad_request',
        status: 409,
        message: 'Request failed with status code 409',
        url: '/api/groups/bulk',
        method: 'POST',
        data: {
          detail: [
            {
              loc: ['body', 'ids'],
              msg: 'x',
              type: 'status_error.conflicting_groups',
              ctx: { conflicting_groups },
            },
          ],
        },
      });
    },
  });
  for (const box of screen.getAllByRole('checkbox', { name: /Select/ }).slice(1)) await user.click(box);
  await user.click(screen.getByRole('button', { name: 'Delete selected' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 groups' });
  expect(confirm).toHaveTextContent('Their members lose what the groups granted.');
  await user.click(within(confirm).getByRole('button', { name: 'Delete 2 groups' }));
  await waitFor(() => expect(store.getState().notifications.toasts).toHaveLength(1));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'delete', ids: [1, 2] });
  const toast = store.getState().notifications.toasts[0];
  expect(toast.message).toContain('DNS readers, Auditors');
  expect(toast.duration).toBe(5000);
});

function renderDetail(user: SessionUser) {
  const { api, calls } = fakeApi({
    'GET /api/groups/1': () => groups.data[0],
    'GET /api/users': () => users,
    'PUT /api/groups/1': (b) => ({ ...groups.data[0], ...(b as object) }),
    'GET /api/groups': () => groups,
  });
  const store = makeTestStore({
    api,
    state: { ...session(user), ...resourcesState({ 'groups/1': groups.data[0], users }) },
  });
  store.runSaga(resourcesSaga);
  const router = createMemoryRouter(
    [
      { path: '/authentication/groups/:id', element: <GroupDetailPage /> },
      { path: '/authentication/groups', element: <p>The list</p> },
    ],
    { initialEntries: ['/authentication/groups/1'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { calls };
}

test('an admin edits a group: privileges and members are sent as saved', async () => {
  const user = userEvent.setup();
  const { calls } = renderDetail(admin);
  expect(screen.getByRole('heading', { name: 'Group DNS readers', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: /^DNS/ })).toHaveValue('read');
  await user.selectOptions(screen.getByRole('combobox', { name: /^DNS/ }), 'write');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'DNS readers',
      description: '',
      members: [2],
      privileges: { dns: 'write' },
    }),
  );
});

test('a user who may only read groups sees them without any control to change them', () => {
  renderDetail({ username: 'j.doe', role: 'user', privileges: { authentication: 'read' } });
  expect(screen.getByRole('combobox', { name: /^DNS/ })).toHaveValue('read');
  expect(screen.getByRole('combobox', { name: /^DNS/ })).toBeDisabled();
  expect(screen.getByRole('textbox', { name: /Name/ })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Delete group' })).toBeDisabled();
});

describe('DNS proxy page by privilege', () => {
  const renderProxy = (user: SessionUser) => {
    const { api } = fakeApi({
      'GET /api/dns/proxy': () => dnsProxyFilled,
      'GET /api/dns/proxy/preview': () => dnsPreview,
    });
    return renderPage(<ProxyPage />, {
      api,
      path: '/dns/proxy',
      state: {
        ...session(user),
        ...resourcesState({ 'dns/proxy': dnsProxyFilled, 'dns/proxy/preview': dnsPreview }),
      },
    });
  };

  test('with read only: settings shown, every control that changes something disabled, and a notice', async () => {
    const { container } = renderProxy({ username: 'j.doe', role: 'user', privileges: { dns: 'read' } });
    expect(screen.getByTestId('read-only-notice')).toHaveTextContent('read access only');
    expect(screen.getByRole('textbox', { name: 'Port' })).toHaveValue('53');
    expect(screen.getByRole('textbox', { name: 'Port' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply configuration' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add upstream server' })).toBeDisabled();
    const upstreams = screen.getByRole('region', { name: 'Upstream servers' });
    expect(within(upstreams).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(upstreams).queryByRole('checkbox')).not.toBeInTheDocument();
    // Searching stays possible.
    expect(within(upstreams).getByRole('searchbox')).toBeEnabled();
    expect((await axe(container)).violations).toEqual([]);
  });

  test('with write: the same page is editable and says nothing about read-only', () => {
    renderProxy({ username: 'j.doe', role: 'user', privileges: { dns: 'write' } });
    expect(screen.queryByTestId('read-only-notice')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Port' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Apply configuration' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add upstream server' })).toBeEnabled();
  });
});
