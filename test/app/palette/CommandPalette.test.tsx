/** @jest-environment ./test/support/jsdom-environment.js */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { usePaletteActions } from '../../../src/app/palette/actions';
import { RECENT_KEY } from '../../../src/app/palette/entries';
import { isPaletteShortcut, PaletteLauncher } from '../../../src/app/palette/PaletteLauncher';
import { fallbackMenu } from '../../../src/shared/menu';
import type { RootState } from '../../../src/store/createStore';
import { seriousViolations } from '../../notifications/a11y';
import { fakeApi, makeTestStore } from '../../sagas/fakes';
import { resourcesSaga } from '../../../sagas/resources.saga';

function ActionsPage() {
  const [count, setCount] = useState(0);
  const actions = useMemo(
    () => [
      { id: 'test.count', name: 'Count once more', keywords: 'increment', run: () => setCount((c) => c + 1) },
    ],
    [],
  );
  usePaletteActions(actions);
  return <p>Counted {count}</p>;
}

function setup(session: Partial<RootState['session']> = {}, routes: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi(routes);
  const store = makeTestStore({
    api: fake.api,
    state: {
      menu: { items: fallbackMenu, status: 'loaded', source: 'api' },
      session: { loggedIn: true, user: { username: 'admin', role: 'admin' }, ...session },
    },
  });
  const Layout = () => (
    <>
      <Link to="/elsewhere">A link before</Link>
      <main>
        <Outlet />
      </main>
      <PaletteLauncher />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <ActionsPage /> },
          { path: '*', element: <p>Page says hello</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  store.runSaga(resourcesSaga);
  return { router, view, calls: fake.calls, user: userEvent.setup() };
}

const palette = () => screen.findByRole('dialog', { name: 'Go to a page or run an action' });

// jsdom has no layout: cmdk measures its list with ResizeObserver and scrolls the active option into view.
beforeAll(async () => {
  // The launcher loads the palette lazily; compiling it on first use can take longer than a find's wait on a busy
  // machine, so the module is loaded once here and the lazy import resolves from the module cache.
  await import('../../../src/app/palette/CommandPalette');
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});
beforeEach(() => localStorage.clear());

test('the shortcut is Ctrl+K or Cmd+K, not with Shift or Alt', () => {
  const key = { key: 'k', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
  expect(isPaletteShortcut({ ...key, ctrlKey: true })).toBe(true);
  expect(isPaletteShortcut({ ...key, metaKey: true, key: 'K' })).toBe(true);
  expect(isPaletteShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
  expect(isPaletteShortcut({ ...key, ctrlKey: true, altKey: true })).toBe(false);
  expect(isPaletteShortcut(key)).toBe(false);
});

test('Ctrl+K opens an accessible combobox; typing filters, arrows move, Enter opens the page', async () => {
  const { router, view, user } = setup();
  const before = screen.getByRole('link', { name: 'A link before' });
  before.focus();
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await palette();
  const input = within(dialog).getByRole('combobox', { name: 'Search pages and actions' });
  await waitFor(() => expect(input).toHaveFocus());
  const listbox = within(dialog).getByRole('listbox', { name: 'Pages and actions' });
  expect(input).toHaveAttribute('aria-controls', listbox.id);
  expect(await seriousViolations(view.container)).toEqual([]);

  await user.keyboard('dns');
  const options = within(listbox).getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([
    'DNS proxyDNS · /dns/proxy',
    'Dynamic DNSDNS · /dns/dynamic',
    'DNS queriesDNS · /dns/queries',
  ]);
  expect(options[0]).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}');
  expect(options[1]).toHaveAttribute('aria-selected', 'true');
  expect(input).toHaveAttribute('aria-activedescendant', options[1].id);
  await user.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/dns/dynamic'));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(JSON.parse(localStorage.getItem(RECENT_KEY) as string)).toEqual(['page:/dns/dynamic']);

  // The next time, the recent page comes first.
  await user.keyboard('{Control>}k{/Control}');
  const again = await palette();
  const groups = within(again).getAllByRole('group');
  expect(groups[0]).toHaveAccessibleName('Recent');
  expect(within(groups[0]).getByRole('option')).toHaveTextContent('Dynamic DNS');
});

test('Escape closes it and gives focus back; a query without matches says so', async () => {
  const { user } = setup();
  const before = screen.getByRole('link', { name: 'A link before' });
  before.focus();
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await palette();
  await user.keyboard('zzzz');
  expect(within(dialog).getByText('Nothing matches “zzzz”.')).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(before).toHaveFocus();
});

test("the current page's actions are listed and run from the palette", async () => {
  const { user } = setup();
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await palette();
  const group = within(dialog).getByRole('group', { name: 'This page' });
  expect(within(group).getByRole('option')).toHaveTextContent('Count once more');
  await user.keyboard('increment{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByText('Counted 1')).toBeInTheDocument();
});

test('a user is offered the pages their groups grant and no other', async () => {
  const { user } = setup({ user: { username: 'watcher', role: 'user', privileges: { network: 'read' } } });
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await palette();
  await user.keyboard('dns');
  expect(within(dialog).queryAllByRole('option')).toEqual([]);
  await user.clear(within(dialog).getByRole('combobox'));
  await user.keyboard('network pref');
  expect(within(dialog).getByRole('option')).toHaveTextContent('Preferences');
  act(() => undefined);
});

/** The appliance's answers to the palette's search for "mail": the first matches of each list. */
const q = 'page=1&per_page=5&q=mail';
const objectRoutes = {
  [`GET /api/pki/certificates?${q}`]: () => ({
    // The second matched on an alternative name, which the palette does not see: the appliance's match stands.
    data: [
      { id: 'c1', name: 'mail.example.test', common_name: 'mail.example.test' },
      { id: 'c2', name: 'vpn gateway', common_name: 'vpn.example.test' },
    ],
    total: 2,
  }),
  [`GET /api/users?${q}`]: () => ({
    data: [{ id: 7, username: 'mallory', full_name: 'Mallory Mail', email: 'm@example.test' }],
    total: 1,
  }),
  [`GET /api/groups?${q}`]: () => ({ data: [{ id: 3, name: 'mail admins', description: '' }], total: 1 }),
};

test('finds a certificate, a user and a group by name, after typing pauses, and opens the one chosen', async () => {
  const { router, calls, user } = setup({}, objectRoutes);
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await palette();
  await user.keyboard('ma');
  // Nothing is asked for while typing goes on.
  expect(calls.filter((c) => c.method === 'GET')).toEqual([]);
  await user.keyboard('il');
  const objects = await within(dialog).findByRole('group', { name: 'Objects' }, { timeout: 3000 });
  await waitFor(() =>
    expect(
      within(objects)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'mail.example.testCertificate',
      'vpn gatewayCertificate',
      'mallory (Mallory Mail)User',
      'mail adminsGroup',
    ]),
  );
  // One search per list for what was typed when typing paused, never the whole list.
  expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
    `GET /api/groups?${q}`,
    `GET /api/pki/certificates?${q}`,
    `GET /api/users?${q}`,
  ]);
  await user.click(within(objects).getByRole('option', { name: /mallory/ }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/users/7'));
});

test('searches only the lists the session may read: a PKI reader finds certificates, never accounts', async () => {
  const { calls, user } = setup(
    { user: { username: 'pki-reader', role: 'user', privileges: { pki: 'read' } } },
    objectRoutes,
  );
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await palette();
  await user.keyboard('mail');
  const objects = await within(dialog).findByRole('group', { name: 'Objects' }, { timeout: 3000 });
  expect(
    within(objects)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['mail.example.testCertificate', 'vpn gatewayCertificate']);
  expect(calls.map((c) => c.url)).toEqual([`/api/pki/certificates?${q}`]);
});
