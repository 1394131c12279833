/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The no-access page in the browser: a client navigation to a page of an area the account may not read shows the
 * one no-access page (no read-only notice, no failed load, nothing asked of the appliance, no toast); an account that
 * may read the area gets the page with its read-only notice.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { resourcesSaga } from '../../../sagas/resources.saga';
import { ProxyPage } from '../../../src/app/pages/dns/ProxyPage';
import { UsersPage } from '../../../src/app/pages/authentication/UsersPage';
import { routeAccessOf, gated } from '../../../src/app/routing/areaGate';
import { routeAccess } from '../../../src/app/routes';
import { resourceLoadRequested } from '../../../src/store/slices/resources.slice';
import { watchNavigations } from '../../../src/runtime/navigation';
import { mayOpenPage } from '../../../src/shared/pageAccess';
import type { Privileges } from '../../../src/shared/privileges';
import { fakeApi, makeTestStore } from '../../sagas/fakes';

function setup(privileges: Privileges) {
  const { api, calls } = fakeApi({});
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user: { username: 'lou', role: 'user', privileges } } },
  });
  store.runSaga(resourcesSaga);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <nav aria-label="Test">
            <Link to="/dns/proxy">DNS proxy</Link> <Link to="/authentication/users">Users</Link>
          </nav>
        ),
      },
      {
        id: 'dns/proxy',
        path: '/dns/proxy',
        Component: gated(ProxyPage, { area: 'dns', need: 'read' }),
        handle: { prefetch: () => [resourceLoadRequested({ key: 'dns/proxy' })] },
      },
      {
        id: 'authentication/users',
        path: '/authentication/users',
        Component: gated(UsersPage, { area: 'authentication', need: 'read' }),
      },
    ],
    { initialEntries: ['/'] },
  );
  // What the browser's entry point watches: prefetch on navigation, unless the page is not the account's to open.
  watchNavigations(router as never, {
    updateAvailable: () => false,
    dispatch: store.dispatch,
    fullLoad: () => undefined,
    mayOpen: (matches) => {
      const access = routeAccessOf(matches, routeAccess);
      return !access || mayOpenPage(store.getState().session.user, access);
    },
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, calls };
}

test('the console knows who may open each gated page, its detail pages alike', () => {
  expect(routeAccess['dns/proxy']).toEqual({ area: 'dns', need: 'read' });
  expect(routeAccess['authentication/users/:id']).toEqual({ area: 'authentication', need: 'read' });
  expect(routeAccess['system/certificates']).toEqual({ area: 'pki', need: 'read' });
  expect(routeAccess['system/backups']).toBe('admin');
  expect(routeAccess['system/log-forwarding']).toBe('admin');
  expect(routeAccess['network/overview']).toBeUndefined();
  expect(routeAccess.profile).toBeUndefined();
  expect(routeAccess['system/history']).toBeUndefined();
});

test('a client navigation to an area the account may not read shows one no-access page and asks nothing', async () => {
  const user = userEvent.setup();
  const { container, store, calls } = setup({ logs: 'read' });
  await user.click(screen.getByRole('link', { name: 'DNS proxy' }));
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('You do not have access to DNS');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  expect(screen.queryByText(/You can view these settings/)).not.toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);

  await user.click(screen.getByRole('link', { name: 'Back to the home page' }));
  await user.click(await screen.findByRole('link', { name: 'Users' }));
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    'You do not have access to Authentication',
  );
  expect(screen.queryByText('No users yet.')).not.toBeInTheDocument();
  expect(calls).toEqual([]);
  expect(store.getState().resources.entries).toEqual({});
  expect(store.getState().notifications.toasts).toEqual([]);
});

test('an account that may read the area gets the page with its read-only notice', async () => {
  const user = userEvent.setup();
  setup({ dns: 'read' });
  await user.click(screen.getByRole('link', { name: 'DNS proxy' }));
  expect(await screen.findByRole('heading', { level: 1, name: /DNS proxy/ })).toBeInTheDocument();
  expect(screen.getByText(/You can view these settings but not change them/)).toBeInTheDocument();
  expect(screen.queryByText(/You do not have access/)).not.toBeInTheDocument();
});
