/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ApplyHeader } from '../../../../src/app/pages/common/config/ApplyHeader';
import { HistoryPage } from '../../../../src/app/pages/history/HistoryPage';
import { RevisionPage } from '../../../../src/app/pages/history/RevisionPage';
import type { RevisionDetail, RevisionSummary } from '../../../../src/shared/contracts/revisions';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeApi, makeTestStore } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';
import { applyProxy } from '../../../../src/shared/contracts/dns';

const revision = (id: number, more: Partial<RevisionSummary> = {}): RevisionSummary => ({
  id,
  at: Date.UTC(2026, 10, 27, 14, 5),
  actor: 'admin',
  method: 'console',
  source: '192.0.2.7',
  reason: null,
  area: 'dns',
  sections: ['dns.proxy'],
  route: 'PUT /api/dns/proxy/settings',
  summary: 'DNS proxy: cache size 4 → 16 MiB',
  entities: 1,
  reverts: null,
  ...more,
});

const page = {
  data: [
    revision(2, { summary: 'Upstream 9.9.9.9@853 (TLS) added', reason: 'Ticket OPS-1432', method: 'api' }),
    revision(1),
  ],
  total: 2,
  page: 1,
  per_page: 50,
};
const FIRST_PAGE = 'revisions?page=1&per_page=50&sort=-at';

test('lists revisions as what changed, when, who and how, and why; no axe findings', async () => {
  const { api } = fakeApi({ [`GET /api/${FIRST_PAGE}`]: () => page });
  const { container } = renderPage(<HistoryPage />, {
    api,
    path: '/system/history',
    state: resourcesState({ [FIRST_PAGE]: page }),
  });
  expect(screen.getByText('2 revisions')).toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'Upstream 9.9.9.9@853 (TLS) added' });
  expect(link).toHaveAttribute('href', '/system/history/2');
  const row = link.closest('tr') as HTMLElement;
  expect(within(row).getByText('API token')).toBeInTheDocument();
  expect(within(row).getByText('Ticket OPS-1432')).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
});

test('filters by area and by account on the appliance, in the address', async () => {
  const user = userEvent.setup();
  const dnsOnly = { ...page, data: [page.data[1]], total: 1 };
  const { api, calls } = fakeApi({
    [`GET /api/${FIRST_PAGE}`]: () => page,
    'GET /api/revisions?area=dns&page=1&per_page=50&sort=-at': () => dnsOnly,
    'GET /api/revisions?actor=ann&area=dns&page=1&per_page=50&sort=-at': () => ({
      ...page,
      data: [],
      total: 0,
    }),
  });
  const { router } = renderPage(<HistoryPage />, {
    api,
    path: '/system/history',
    state: resourcesState({ [FIRST_PAGE]: page }),
  });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'dns');
  await waitFor(() => expect(screen.getByText('1 revision')).toBeInTheDocument());
  expect(router.state.location.search).toBe('?area=dns');
  await user.type(screen.getByRole('textbox', { name: 'Account' }), 'ann');
  await waitFor(() => expect(router.state.location.search).toBe('?area=dns&actor=ann'));
  await waitFor(() =>
    expect(calls.map((c) => c.url)).toContain(
      '/api/revisions?actor=ann&area=dns&page=1&per_page=50&sort=-at',
    ),
  );
});

test('a revision shows who, how, from where and why, and one line per change with its before and after', async () => {
  const user = userEvent.setup();
  const detail: RevisionDetail = {
    ...revision(7, { reason: 'Bigger cache for the branch office' }),
    changes: [
      {
        section: 'dns.proxy',
        id: 'settings',
        title: 'DNS proxy',
        op: 'changed',
        before: { cache_size_mb: 4 },
        after: { cache_size_mb: 16 },
        line: 'DNS proxy: cache size 4 → 16 MiB',
      },
      {
        section: 'dns.dynamic',
        id: 'account:1',
        title: 'Dynamic DNS account home.example.net',
        op: 'changed',
        before: { secret: { $secret: '1a2b3c4d' } },
        after: { secret: { $secret: '5e6f7a8b' } },
        line: 'Dynamic DNS account home.example.net: secret changed',
      },
    ],
  };
  const plan = {
    format: 'rampart-config/1',
    unknown_sections: [],
    missing_sections: [],
    changes: [
      {
        section: 'dns.proxy',
        id: 'settings',
        title: 'DNS proxy',
        op: 'changed',
        line: 'DNS proxy: cache size 32 → 4 MiB',
        lockout_prone: false,
        changed_since: true,
      },
      {
        section: 'dns.dynamic',
        id: 'account:3',
        title: 'Dynamic DNS account cabin.duckdns.org',
        op: 'added',
        line: 'Dynamic DNS account cabin.duckdns.org added',
        lockout_prone: false,
        note: 'comes back turned off, without its password or token: enter it again on the Dynamic DNS page',
      },
    ],
  };
  const { api } = fakeApi({
    'GET /api/revisions/7': () => detail,
    'GET /api/revisions/7/revert-plan': () => plan,
  });
  renderPage(<RevisionPage />, {
    api,
    path: '/system/history/:id',
    entry: '/system/history/7',
    state: resourcesState({ 'revisions/7': detail }),
  });
  expect(screen.getByRole('heading', { name: 'Revision 7', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('admin (Console)')).toBeInTheDocument();
  expect(screen.getByText('192.0.2.7')).toBeInTheDocument();
  expect(screen.getByText('Bigger cache for the branch office')).toBeInTheDocument();
  const changes = screen.getByRole('region', { name: 'What changed (2)' });
  expect(
    within(changes)
      .getAllByRole('listitem')
      .map((li) => li.firstChild?.textContent),
  ).toEqual(['DNS proxy: cache size 4 → 16 MiB', 'Dynamic DNS account home.example.net: secret changed']);
  await user.click(within(changes).getAllByText('Before and after')[1]);
  expect(changes.textContent).toContain('"secret": "(secret)"');
  expect(changes.textContent).not.toContain('5e6f7a8b');
  const revert = await screen.findByRole('region', { name: 'Reverting it would' });
  await waitFor(() =>
    expect(within(revert).getByText('DNS proxy: cache size 32 → 4 MiB')).toBeInTheDocument(),
  );
  expect(within(revert).getByText('changed again since: reverting undoes that too')).toBeInTheDocument();
  // An item whose secret went with its deletion comes back without it: the plan says so beside its line.
  expect(
    within(revert).getByText(
      'comes back turned off, without its password or token: enter it again on the Dynamic DNS page',
    ),
  ).toBeInTheDocument();
});

test('a configuration page leads to the history of its area', async () => {
  const user = userEvent.setup();
  const { api } = fakeApi({});
  const store = makeTestStore({ api, state: { session: { loggedIn: true, user: null } } });
  const router = createMemoryRouter(
    [
      {
        path: '/dns/proxy',
        element: (
          <ApplyHeader
            title="DNS proxy"
            description="Resolver settings"
            resourceKey="dns/proxy"
            apply={applyProxy}
            refresh={[]}
          />
        ),
      },
      { path: '/system/history', element: <p>The history</p> },
    ],
    { initialEntries: ['/dns/proxy'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  await user.click(screen.getByRole('button', { name: 'History' }));
  expect(await screen.findByText('The history')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?area=dns');
});

describe('undoing a revision (admins)', () => {
  const detail: RevisionDetail = {
    ...revision(12, { area: 'ssh', sections: ['ssh'], summary: 'SSH service: port 22 → 2222' }),
    changes: [
      {
        section: 'ssh',
        id: 'settings',
        title: 'SSH service',
        op: 'changed',
        before: { port: 22 },
        after: { port: 2222 },
        line: 'SSH service: port 22 → 2222',
      },
    ],
  };
  const planOf = (line: string, lockout_prone: boolean) => ({
    format: 'rampart-config/1',
    unknown_sections: [],
    missing_sections: [],
    changes: [
      {
        section: 'ssh',
        id: 'settings',
        title: 'SSH service',
        op: 'changed',
        line,
        lockout_prone,
        keep_changes: lockout_prone,
      },
    ],
  });
  const open = (api: ReturnType<typeof fakeApi>['api'], role: 'admin' | 'user' = 'admin') =>
    renderPage(<RevisionPage />, {
      api,
      path: '/system/history/:id',
      entry: '/system/history/12',
      state: {
        ...resourcesState({ 'revisions/12': detail }),
        session: { loggedIn: true, user: { username: 'admin', role } },
      },
    });

  test('"Revert this change" shows the plan, takes a reason and reverts through the appliance', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'GET /api/revisions/12': () => detail,
      'GET /api/revisions/12/revert-plan': () => planOf('SSH service: port 2222 → 22', true),
      'GET /api/revisions': () => page,
      'POST /api/revisions/12/revert': () => ({
        plan: planOf('SSH service: port 2222 → 22', true),
        revision: 13,
        job: null,
      }),
    });
    open(api);
    await user.click(screen.getByRole('button', { name: 'Revert this change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert revision 12?' });
    await waitFor(() => expect(within(dialog).getByText('SSH service: port 2222 → 22')).toBeInTheDocument());
    expect(within(dialog).getByText('can lock an admin out: needs “Keep changes”')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'Port 2222 is filtered',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/revisions/12/revert');
    expect(sent?.headers).toEqual({ 'x-change-reason': 'Port 2222 is filtered' });
  });

  test('a lock-out-prone change no managed service applies is marked, but promises no "Keep changes"', async () => {
    const user = userEvent.setup();
    const plan = {
      ...planOf('', false),
      changes: [
        {
          section: 'authentication.accounts',
          id: 'account:3',
          title: 'Account carol',
          op: 'changed',
          line: 'Account carol: enabled yes → no',
          lockout_prone: true,
        },
      ],
    };
    const { api } = fakeApi({
      'GET /api/revisions/12': () => detail,
      'GET /api/revisions/12/revert-plan': () => plan,
    });
    open(api);
    await user.click(screen.getByRole('button', { name: 'Revert this change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert revision 12?' });
    await waitFor(() => expect(within(dialog).getByText('can lock an admin out')).toBeInTheDocument());
    expect(within(dialog).queryByText(/Keep changes/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Revert' })).toBeEnabled();
  });

  test('"Restore configuration as of this revision" shows its own plan; Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'GET /api/revisions/12': () => detail,
      'GET /api/revisions/12/revert-plan': () => planOf('SSH service: port 2222 → 22', true),
      'GET /api/revisions/12/restore-plan': () => ({
        ...planOf('SSH service: port 2200 → 2222', true),
        changes: [
          {
            ...planOf('', false).changes[0],
            line: 'Upstream 9.9.9.9@853 (TLS) removed',
            section: 'dns.proxy',
            id: 'upstream:3',
          },
        ],
      }),
    });
    open(api);
    await user.click(screen.getByRole('button', { name: 'Restore configuration as of this revision' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Restore the configuration as of revision 12?',
    });
    await waitFor(() =>
      expect(within(dialog).getByText('Upstream 9.9.9.9@853 (TLS) removed')).toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('a revert that would bring back a deleted account says why it cannot, and offers no Revert', async () => {
    const user = userEvent.setup();
    const note =
      'an account cannot be created by a configuration document or a revert (it needs a password): add it on the Users page';
    const plan = {
      ...planOf('', false),
      changes: [
        {
          section: 'authentication.accounts',
          id: 'account:4',
          title: 'Account dave',
          op: 'added',
          line: 'Account dave added',
          lockout_prone: true,
          refused: true,
          note,
        },
      ],
    };
    const { api, calls } = fakeApi({
      'GET /api/revisions/12': () => detail,
      'GET /api/revisions/12/revert-plan': () => plan,
    });
    open(api);
    await user.click(screen.getByRole('button', { name: 'Revert this change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert revision 12?' });
    await waitFor(() => expect(within(dialog).getByText('Account dave added')).toBeInTheDocument());
    expect(within(dialog).getByText(`cannot be done here: ${note}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A revert cannot make this change (Account dave), so it is not available here',
    );
    expect(within(dialog).getByRole('button', { name: 'Revert' })).toBeDisabled();
    expect(within(dialog).queryByText(/Keep changes/)).not.toBeInTheDocument();
    // Nothing to give a reason for: the dialog only closes.
    expect(within(dialog).queryByRole('textbox', { name: 'Reason (optional)' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('accounts that are not admins get neither button', async () => {
    const { api } = fakeApi({
      'GET /api/revisions/12': () => detail,
      'GET /api/revisions/12/revert-plan': () => planOf('SSH service: port 2222 → 22', true),
    });
    open(api, 'user');
    expect(screen.getByRole('heading', { name: 'Revision 12', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('SSH service: port 2222 → 22')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert this change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore configuration/ })).not.toBeInTheDocument();
  });
});
