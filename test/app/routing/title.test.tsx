/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The document title comes from the matched route's `handle.title`, the same for the server's <title> and the
 * browser's: text, an entity's name once its data is in the store, and the no-access title for a page of an area
 * the account may not read.
 */
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { resourcesSaga } from '../../../sagas/resources.saga';
import { routes as groupsRoutes } from '../../../src/app/pages/authentication/routes/groups';
import { routes as providersRoutes } from '../../../src/app/pages/authentication/routes/providers';
import { routes as usersRoutes } from '../../../src/app/pages/authentication/routes/users';
import type { Group } from '../../../src/shared/contracts/authentication';
import { documentTitle, RouteTitle, type TitleState } from '../../../src/app/routing/title';
import { fakeApi, makeTestStore } from '../../sagas/fakes';

const group: Group = {
  id: 7,
  name: 'DNS readers',
  description: '',
  created_at: 0,
  members: [],
  privileges: { dns: 'read' },
} as Group;

const state = (entries: Record<string, unknown> = {}, privileges?: Record<string, string>): TitleState =>
  ({
    resources: {
      entries: Object.fromEntries(
        Object.entries(entries).map(([k, data]) => [k, { status: 'loaded', data }]),
      ),
      saves: {},
    },
    session: { user: privileges ? { username: 'u', role: 'user', privileges } : null },
  }) as TitleState;

const { group: groupRoute } = groupsRoutes;
const { provider: providerRoute } = providersRoutes;
const { users: usersRoute } = usersRoutes;

describe('documentTitle', () => {
  test('is the route title of the deepest route that has one', () => {
    expect(
      documentTitle(
        [
          { params: {}, handle: { title: 'Outer' } },
          { params: {}, handle: usersRoute.handle },
        ],
        new URLSearchParams(),
        state(),
      ),
    ).toBe('Users · Rampart');
    expect(documentTitle([{ params: {} }], new URLSearchParams(), state())).toBe('Rampart');
  });

  test("is the entity's kind until it is loaded, then its name", () => {
    const match = { params: { id: '7' }, handle: groupRoute.handle };
    expect(documentTitle([match], new URLSearchParams(), state())).toBe('Group · Rampart');
    expect(documentTitle([match], new URLSearchParams(), state({ 'groups/7': group }))).toBe(
      'Group DNS readers · Rampart',
    );
  });

  test('names the provider being added from the address', () => {
    const match = { params: { id: 'new' }, handle: providerRoute.handle };
    expect(documentTitle([match], new URLSearchParams('type=oidc'), state())).toBe(
      'New OpenID Connect provider · Rampart',
    );
  });

  test('is the no-access title on a page of an area the account may not read', () => {
    const match = {
      params: {},
      handle: { ...usersRoute.handle, access: { area: 'authentication', need: 'read' } as const },
    };
    expect(documentTitle([match], new URLSearchParams(), state({}, { logs: 'read' }))).toBe(
      'You do not have access to Authentication · Rampart',
    );
    expect(documentTitle([match], new URLSearchParams(), state({}, { authentication: 'read' }))).toBe(
      'Users · Rampart',
    );
  });

  test("is the administrators' title on an administrators' page, for any other account", () => {
    const match = { params: {}, handle: { ...usersRoute.handle, access: 'admin' as const } };
    expect(documentTitle([match], new URLSearchParams(), state({}, { pki: 'write' }))).toBe(
      'Administrators only · Rampart',
    );
  });
});

test('RouteTitle keeps the browser title that of the page on screen, the entity name once it loads', async () => {
  const { api } = fakeApi({ 'GET /api/groups/7': () => group, 'GET /api/users': () => ({ data: [] }) });
  const store = makeTestStore({ api, state: { session: { loggedIn: true, user: null } } });
  store.runSaga(resourcesSaga);
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteTitle />
            <Outlet />
          </>
        ),
        children: [
          { path: '/help', element: <p>Help</p>, handle: { title: 'Help' } },
          { path: '/authentication/groups/:id', element: <p>Group</p>, handle: groupRoute.handle },
        ],
      },
    ],
    { initialEntries: ['/help'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  await waitFor(() => expect(document.title).toBe('Help · Rampart'));
  await act(() => router.navigate('/authentication/groups/7'));
  expect(document.title).toBe('Group · Rampart');
  for (const action of groupRoute.handle!.prefetch!({ params: { id: '7' }, url: new URL('http://x/') }))
    store.dispatch(action);
  await waitFor(() => expect(document.title).toBe('Group DNS readers · Rampart'));
});
