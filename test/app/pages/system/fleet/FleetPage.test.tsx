/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { FLEET_LIST, FleetPage } from '../../../../../src/app/pages/system/fleet/FleetPage';
import { listFleetAppliances } from '../../../../../src/shared/contracts/fleetEnrolment';
import { ADDED_APPLIANCE_KEY } from '../../../../../src/app/pages/system/fleet/resources';
import { fakeApi } from '../../../../sagas/fakes';
import { resourcesState } from '../../../../../stories/pages/fixtures';
import { renderPki } from '../renderPki';
import {
  FIRST_PAGE,
  managedSettings,
  markupNamed,
  MARKUP_NAME,
  neverConnected,
  offline,
  online,
  paged,
  pending,
  removed,
  serviceState,
  summary,
  unmanagedSettings,
} from '../../../../../stories/screens/system/fleetFixtures';

const all = [online, offline, neverConnected, pending, removed];

function setup(
  routes: Parameters<typeof fakeApi>[0] = {},
  {
    path = '/system/fleet',
    rows = all,
    settings = managedSettings,
    user = null as null | { username: string; role: 'admin' | 'user'; privileges?: Record<string, string> },
  } = {},
) {
  const page = paged(rows);
  const { api, calls } = fakeApi({
    [`GET /api/${FIRST_PAGE}`]: () => ({ ...page }),
    'GET /api/fleet/summary': () => summary,
    'GET /api/fleet/settings': () => settings,
    'GET /api/fleet/membership': () => ({ membership: null }),
    'GET /api/fleet/service': () => serviceState,
    ...routes,
  });
  const view = renderPki(<FleetPage />, {
    api,
    route: '/system/fleet',
    path,
    state: {
      ...resourcesState({
        [FIRST_PAGE]: page,
        'fleet/summary': summary,
        'fleet/settings': settings,
        'fleet/membership': { membership: null },
        'fleet/service': serviceState,
      }),
      ...(user ? { session: { loggedIn: true, user } } : {}),
    } as never,
  });
  return { ...view, calls };
}
const table = () => screen.getByRole('table', { name: 'Fleet' });
const rowOf = (name: string) => within(table()).getByRole('rowheader', { name }).closest('tr')!;
/** The definition (dd) a term (dt) names, in a description list. */
const definitionOf = (scope: HTMLElement, term: string) => {
  const dt = within(scope)
    .getAllByRole('term')
    .find((t) => t.textContent === term);
  if (!dt?.parentElement) throw new Error(`no term "${term}"`);
  return within(dt.parentElement).getByRole('definition');
};

describe('fleet overview', () => {
  test("the page's query is the list endpoint's (sorts and filters)", () => {
    expect(FLEET_LIST.query).toEqual(listFleetAppliances.query);
  });

  test('the band sums the fleet up and the table footer counts the appliances; no axe findings', async () => {
    const { container } = setup();
    const band = screen.getByRole('region', { name: '4 appliances: 1 online' });
    expect(within(band).getByText('1 critical, 2 warning, 0 info')).toBeInTheDocument();
    expect(screen.getByText('5 appliances')).toHaveAttribute('role', 'status');
    expect((await axe(container)).violations).toEqual([]);
  });

  test('each state in words: online, offline since, never connected, pending code until, removed', () => {
    setup();
    expect(within(rowOf('branch-01')).getByText('Online')).toBeInTheDocument();
    expect(within(rowOf('branch-02')).getByText('Offline')).toBeInTheDocument();
    expect(within(rowOf('branch-02')).getByText(/^since .*30 Nov 2026/)).toBeInTheDocument();
    expect(within(rowOf('branch-02')).getByText('Changed locally')).toBeInTheDocument();
    // Enrolled but no state record yet: never connected, nothing made up for its version or configuration.
    const never = rowOf('lab-01');
    expect(within(never).getByText('Never connected')).toBeInTheDocument();
    expect(within(never).getByText('Unknown')).toBeInTheDocument();
    expect(within(rowOf('branch-03')).getByText('Pending code')).toBeInTheDocument();
    expect(within(rowOf('branch-03')).getByText(/^until .*20\d\d/)).toBeInTheDocument();
    expect(within(rowOf('old-01')).getByText('Removed')).toBeInTheDocument();
    expect(within(table()).getByRole('link', { name: 'branch-01' })).toHaveAttribute(
      'href',
      `/system/fleet/${online.id}`,
    );
  });

  test('a filter in the address asks the appliance for that page, and choosing one puts it in the address', async () => {
    const user = userEvent.setup();
    const pendingOnly = `/api/fleet/appliances?page=1&per_page=50&sort=name&state=pending`;
    const { calls, router } = setup({ [`GET ${pendingOnly}`]: () => paged([pending]) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'pending');
    await waitFor(() => expect(within(table()).queryByRole('link', { name: 'branch-01' })).toBeNull());
    expect(calls.map((c) => c.url)).toContain(pendingOnly);
    expect(router.state.location.search).toBe('?state=pending');

    const byGroup = `/api/fleet/appliances?group=branches&page=1&per_page=50&sort=name`;
    const second = setup(
      { [`GET ${byGroup}`]: () => paged([online]) },
      { path: '/system/fleet?group=branches' },
    );
    await waitFor(() => expect(second.calls.map((c) => c.url)).toContain(byGroup));
    expect(screen.getAllByRole('combobox', { name: 'Group' }).at(-1)).toHaveValue('branches');
  });

  test('the presence filter puts its choice in the address and asks the appliance for that presence', async () => {
    const user = userEvent.setup();
    const offlineOnly = `/api/fleet/appliances?page=1&per_page=50&presence=offline&sort=name`;
    const { calls, router } = setup({ [`GET ${offlineOnly}`]: () => paged([offline]) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Presence' }), 'offline');
    await waitFor(() => expect(within(table()).queryByRole('link', { name: 'branch-01' })).toBeNull());
    expect(within(table()).getByRole('link', { name: 'branch-02' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain(offlineOnly);
    expect(router.state.location.search).toBe('?presence=offline');
  });

  test.each([
    ['online', 'Online'],
    ['never', 'Never connected'],
  ])('presence=%s in the address is the filter shown and the query sent', async (presence, name) => {
    const url = `/api/fleet/appliances?page=1&per_page=50&presence=${presence}&sort=name`;
    const { calls } = setup(
      { [`GET ${url}`]: () => paged([online]) },
      { path: `/system/fleet?presence=${presence}` },
    );
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(url));
    const filter = screen.getByRole('combobox', { name: 'Presence' });
    expect(filter).toHaveValue(presence);
    expect(within(filter).getByRole('option', { name, selected: true })).toBeInTheDocument();
  });

  test('a presence the list does not know is left out of the query', async () => {
    const { calls } = setup({}, { path: '/system/fleet?presence=%3Cb%3Esometimes' });
    // The page shown is the unfiltered first page (the one held under FIRST_PAGE), and nothing asked for another.
    expect(within(table()).getByRole('link', { name: 'branch-01' })).toBeInTheDocument();
    expect(within(table()).getByRole('link', { name: 'old-01' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Presence' })).toHaveValue('');
    await act(async () => {});
    expect(calls.filter((c) => c.url.startsWith('/api/fleet/appliances'))).toEqual([]);
  });

  test.each([
    ['1 online', 'online'],
    ['Offline', 'offline'],
    ['Never connected', 'never'],
  ])('the band\'s "%s" figure opens the list filtered to that presence', async (figure, presence) => {
    const user = userEvent.setup();
    const url = `/api/fleet/appliances?page=1&per_page=50&presence=${presence}&sort=name`;
    const { calls, router } = setup({ [`GET ${url}`]: () => paged([offline]) });
    const band = screen.getByRole('region', { name: '4 appliances: 1 online' });
    const link =
      figure === '1 online'
        ? within(band).getByRole('link', { name: figure })
        : within(definitionOf(band, figure)).getByRole('link');
    expect(link).toHaveAttribute('href', `/system/fleet?presence=${presence}`);
    await user.click(link);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(url));
    expect(router.state.location.search).toBe(`?presence=${presence}`);
    expect(screen.getByRole('combobox', { name: 'Presence' })).toHaveValue(presence);
  });

  test('"Add appliance" shows the one-time code, address and fingerprint once; closing forgets the code', async () => {
    const user = userEvent.setup();
    const answer = {
      appliance: { ...pending, name: 'branch-09' },
      code: 'K7QF-9XZP-22MW',
      code_expires_at: pending.code_expires_at,
      enrol_address: 'https://fleet.example.net:4223',
      ca_fingerprint_sha256: 'AB:CD:EF:01',
    };
    const { calls, store } = setup({ 'POST /api/fleet/appliances': () => answer });
    await user.click(screen.getByRole('button', { name: 'Add appliance' }));
    const dialog = screen.getByRole('dialog', { name: 'Add appliance' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'branch-09');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const shown = await screen.findByRole('dialog', { name: 'Enrolment of "branch-09"' });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/fleet/appliances',
      body: { name: 'branch-09' },
    });
    expect(definitionOf(shown, 'Enrolment code')).toHaveTextContent('K7QF-9XZP-22MW');
    expect(within(shown).getByText('https://fleet.example.net:4223')).toBeInTheDocument();
    expect(within(shown).getByText('AB:CD:EF:01')).toBeInTheDocument();
    expect(within(shown).getByRole('note')).toHaveTextContent(/Shown once/);
    expect(within(shown).getByRole('button', { name: 'Copy the enrolment code' })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('K7QF-9XZP-22MW')).toBeNull();
    expect(store.getState().resources.entries[ADDED_APPLIANCE_KEY]?.data).toBeNull();
  });

  test('bulk remove asks first, naming the count, then sends one request', async () => {
    const user = userEvent.setup();
    const { calls } = setup(
      { 'POST /api/fleet/appliances/bulk': () => ({ done: [online.id, offline.id], refused: [] }) },
      { rows: [online, offline] },
    );
    await user.click(screen.getByRole('checkbox', { name: /Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove 2 appliances' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Remove 2 appliances' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/fleet/appliances/bulk',
        body: { action: 'remove', ids: [online.id, offline.id] },
        query: undefined,
      },
    ]);
  });

  test('a name and group with markup are shown as text, never as elements', () => {
    const { container } = setup({}, { rows: [markupNamed] });
    expect(within(table()).getByRole('link', { name: MARKUP_NAME })).toBeInTheDocument();
    expect(within(table()).getByText('<b>g</b>')).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('td b, th b')).toBeNull();
  });

  test('a console that manages no fleet says so, and cannot add appliances', () => {
    setup({}, { rows: [], settings: unmanagedSettings });
    expect(screen.getByRole('button', { name: 'Add appliance' })).toBeDisabled();
    expect(screen.getByText(/This console manages no fleet/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Manage other appliances/ })).not.toBeChecked();
  });

  test('the settings, the nats-server controls and joining are for admins: a fleet writer sees them read-only', async () => {
    setup({}, { user: { username: 'ops', role: 'user', privileges: { fleet: 'write' } } });
    const section = screen.getByRole('region', { name: 'Fleet settings' });
    expect(within(section).getByTestId('read-only-notice')).toHaveTextContent(
      'Only administrators change the fleet settings',
    );
    expect(within(section).getByRole('checkbox', { name: /Manage other appliances/ })).toBeDisabled();
    expect(await within(section).findByText('Running')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
    // Adding appliances is the fleet area's own write privilege.
    expect(screen.getByRole('button', { name: 'Add appliance' })).toBeEnabled();
  });

  test('an admin sees the embedded nats-server running with Stop and Restart, and the settings saved with PUT', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ 'PUT /api/fleet/settings': () => managedSettings });
    const section = screen.getByRole('region', { name: 'Fleet settings' });
    expect(await within(section).findByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Restart' })).toBeEnabled();
    const host = within(section).getByRole('textbox', { name: /Public host/ });
    await user.clear(host);
    await user.type(host, 'fleet2.example.net');
    await user.click(within(section).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/fleet/settings',
      body: expect.objectContaining({ public_host: 'fleet2.example.net', nats_port: 4222, enrol_port: 4223 }),
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('external_credentials');
  });
});
