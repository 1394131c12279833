/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NETWORK_PREFERENCES_KEY,
  NETWORK_PREFERENCES_PREVIEW_KEY,
  NetworkPreferencesPage,
  type PreferencesAnswer,
} from '../../../../src/app/pages/network/NetworkPreferences';
import { ApiError } from '../../../../src/api/errors';
import { currentPaletteActions } from '../../../../src/app/palette/actions';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { fakeApi } from '../../../sagas/fakes';
import { seriousViolations } from '../../../widgets/support/axe';
import { renderPage } from '../dns/renderPage';

const answer = (pending = false): PreferencesAnswer => ({
  data: {
    hostname: 'gw',
    domain: 'example.net',
    dns_servers: ['192.0.2.53'],
    ntp_servers: [],
    timezone: 'UTC',
  },
  saved: true,
  updated_at: 1_763_800_000,
  updated_by: 'admin',
  status: { pending_changes: pending, applied_at: 1_763_700_000_000, applied_by: 'admin' },
  time_zones: ['Europe/Paris', 'UTC'],
});
const preview = {
  files: [{ path: '/data/network/etc/hostname', content: 'gw\n' }],
  pending_changes: false,
  applied_at: 1_763_700_000_000,
};

function setup(
  role: 'admin' | 'user',
  routes: Parameters<typeof fakeApi>[0] = {},
  pending = false,
  privileges: Record<string, 'read' | 'write'> = { network: 'read' },
) {
  const { api, calls } = fakeApi({
    'GET /api/network/preferences': () => answer(pending),
    'GET /api/network/preferences/preview': () => preview,
    ...routes,
  });
  const view = renderPage(<NetworkPreferencesPage />, {
    api,
    path: '/network/preferences',
    state: {
      session: { loggedIn: true, user: { username: role, role, privileges } },
      ...resourcesState({
        [NETWORK_PREFERENCES_KEY]: answer(pending),
        [NETWORK_PREFERENCES_PREVIEW_KEY]: preview,
      }),
    } as never,
  });
  return { ...view, calls };
}

test('users whose groups grant only reading see the values and the files read-only, without Apply', async () => {
  const { container } = setup('user');
  expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
    'gw',
    'example.net',
    '192.0.2.53',
    "the system's default",
    'UTC',
  ]);
  expect(screen.queryByRole('textbox', { name: /Host name/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Apply configuration' })).toBeNull();
  expect(screen.getByText(/You can view the network preferences but not change them/)).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Contents of /data/network/etc/hostname' })).toHaveTextContent(
    'gw',
  );
  expect(await seriousViolations(container)).toEqual([]);
});

test('users whose groups grant writing may change them like admins', () => {
  setup('user', {}, false, { network: 'write' });
  expect(screen.getByRole('textbox', { name: /Host name/ })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Apply configuration' })).toBeInTheDocument();
});

test('saving stores the values and reloads the preview; nothing is applied until Apply', async () => {
  const user = userEvent.setup();
  const { calls, container } = setup('admin', {
    'PUT /api/network/preferences': (body) => ({ ...answer(true), data: body }),
  });
  expect(screen.getByText('The running configuration is up to date.')).toBeInTheDocument();
  const host = screen.getByRole('textbox', { name: /Host name/ });
  await user.clear(host);
  await user.type(host, 'edge-2');
  await user.click(screen.getByRole('button', { name: 'Save preferences' }));
  await waitFor(() =>
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/network/preferences',
        'GET /api/network/preferences',
        'GET /api/network/preferences/preview',
      ]),
    ),
  );
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...answer().data, hostname: 'edge-2' });
  expect(calls.some((c) => c.url.endsWith('/apply'))).toBe(false);
  expect(await seriousViolations(container)).toEqual([]);
});

test('the time zone is searched by typing part of its name, not scrolled for in a 400-entry list', async () => {
  const user = userEvent.setup();
  const { calls } = setup('admin', {
    'PUT /api/network/preferences': (body) => ({ ...answer(true), data: body }),
  });
  const zone = screen.getByRole('combobox', { name: /Time zone/ });
  expect(zone).toHaveAttribute('aria-autocomplete', 'list');
  await user.clear(zone);
  await user.type(zone, 'par');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Europe/Paris']);
  await user.keyboard('{Enter}');
  await user.click(screen.getByRole('button', { name: 'Save preferences' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...answer().data,
      timezone: 'Europe/Paris',
    }),
  );
});

test('saved values waiting to be applied say so, and Apply starts the job the progress overlay follows', async () => {
  const user = userEvent.setup();
  const { store, calls } = setup(
    'admin',
    { 'POST /api/network/preferences/apply': () => ({ id: 'job-3', status: 'running' }) },
    true,
  );
  expect(screen.getByText('Saved changes are not applied yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Apply configuration' }));
  await waitFor(() => expect(store.getState().progress.jobId).toBe('job-3'));
  expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/network/preferences/apply' });
});

test('an invalid host name is not sent; a server refusal marks the field', async () => {
  const user = userEvent.setup();
  const { calls } = setup('admin', {
    'PUT /api/network/preferences': () => {
      throw new ApiError({
        kind: 'bad_request',
        status: 422,
        message: 'Request failed with status code 422',
        url: '/api/network/preferences',
        method: 'PUT',
        data: {
          detail: [{ loc: ['body', 'timezone'], msg: 'unknown time zone', type: 'value_error.timezone' }],
        },
      });
    },
  });
  const host = screen.getByRole('textbox', { name: /Host name/ });
  await user.clear(host);
  await user.type(host, 'bad_host');
  await user.click(screen.getByRole('button', { name: 'Save preferences' }));
  expect(await screen.findByText(/must be a hostname/)).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

  await user.clear(host);
  await user.type(host, 'edge-3');
  await user.click(screen.getByRole('button', { name: 'Save preferences' }));
  expect((await screen.findAllByText('unknown time zone')).length).toBeGreaterThan(0);
  expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveAccessibleDescription(
    /unknown time zone/,
  );
});

test('admins also find Apply in the command palette; read-only users do not', async () => {
  const { store, unmount } = setup(
    'admin',
    { 'POST /api/network/preferences/apply': () => ({ id: 'job-4', status: 'running' }) },
    true,
  );
  const apply = currentPaletteActions().find((a) => a.id === 'network/preferences.apply');
  expect(apply?.name).toBe('Apply configuration: Network preferences');
  act(() => apply?.run());
  await waitFor(() => expect(store.getState().progress.jobId).toBe('job-4'));
  unmount();
  expect(currentPaletteActions()).toEqual([]);
  setup('user');
  expect(currentPaletteActions()).toEqual([]);
});

test('a save the form refuses moves focus to the first field in error, in the order of the form', async () => {
  const user = userEvent.setup();
  const { calls } = setup('admin');
  const domain = screen.getByRole('textbox', { name: /Domain/ });
  await user.clear(domain);
  await user.type(domain, 'not a domain');
  const host = screen.getByRole('textbox', { name: /Host name/ });
  await user.clear(host);
  await user.type(host, 'bad_host');
  const save = screen.getByRole('button', { name: 'Save preferences' });
  save.focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(host).toHaveFocus());
  expect(host).toHaveAccessibleDescription(/must be a hostname/);
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

  // Fixed, the next refusal lands on the next field in error.
  await user.clear(host);
  await user.type(host, 'edge-3');
  save.focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(domain).toHaveFocus());
  expect(domain).toHaveAttribute('aria-invalid', 'true');
});
