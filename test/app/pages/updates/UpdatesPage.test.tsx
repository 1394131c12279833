/** @jest-environment ./test/support/jsdom-environment.js */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { UpdatesPage } from '../../../../src/app/pages/updates/UpdatesPage';
import { progressUpdated } from '../../../../src/store/slices/progress.slice';
import { updatesLoadRequested, type UpdateStatus } from '../../../../src/store/slices/updates.slice';
import { updatesSaga } from '../../../../sagas/updates.saga';
import { ApiError } from '../../../../src/api/errors';
import { seriousViolations } from '../../../notifications/a11y';
import { fakeApi, makeTestStore } from '../../../sagas/fakes';
import { afterUpdate, upToDate, withUpdates } from '../../../../stories/screens/updates/fixtures';

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

async function renderPage(
  routes: Record<string, (body?: unknown) => unknown>,
  role: 'admin' | 'user' = 'admin',
  privileges: Record<string, 'read' | 'write'> = { updates: 'read' },
) {
  const { api, calls } = fakeApi(routes);
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user: { username: role, role, privileges } } },
  });
  store.runSaga(updatesSaga);
  const view = render(
    <Provider store={store}>
      <MemoryRouter>
        <UpdatesPage />
      </MemoryRouter>
    </Provider>,
  );
  act(() => void store.dispatch(updatesLoadRequested()));
  await settle();
  return { store, calls, view, user: userEvent.setup() };
}

const refused = (msg: string, type: string) =>
  new ApiError({
    kind: 'bad_request',
    status: 422,
    message: 'Request failed with status code 422',
    url: '/api/updates/packages',
    method: 'POST',
    data: { detail: [{ loc: ['body'], msg, type }] },
  });

// A whole page with its forms renders slowly on a shared 2-core machine.
jest.setTimeout(20_000);

describe('updates page', () => {
  it('shows a loader until the status arrives, and says so when it cannot be loaded', async () => {
    const { view } = await renderPage({
      'GET /api/updates': () => {
        throw refused('down', 'x');
      },
    });
    expect(view.getByRole('alert')).toHaveTextContent('could not be loaded');
  });

  it('shows the installed version, last check, refused files and available updates with rendered changelogs', async () => {
    const { view } = await renderPage({ 'GET /api/updates': () => withUpdates });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Updates');
    expect(screen.getByTestId('current-version')).toHaveTextContent('1.0.0');
    expect(screen.getByText(/A security update is available/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('rampart-1.3.0.rup: The package is not signed');
    const items = within(screen.getByRole('region', { name: 'Available updates' })).getAllByRole('listitem', {
      name: /Version/,
    });
    expect(items.map((i) => within(i).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Version 1.2.0',
      'Version 1.1.0',
    ]);
    expect(within(items[1]).getByText('Security', { selector: 'span' })).toBeInTheDocument();
    expect(await within(items[1]).findByText('TLS', { selector: 'strong' })).toBeInTheDocument();
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  it('applies an update after confirmation, follows the job in the overlay and reloads the status', async () => {
    let status: UpdateStatus = withUpdates;
    const { store, calls, user } = await renderPage({
      'GET /api/updates': () => status,
      'POST /api/updates/apply': () => ({ id: 'job-1', dataType: 'upgrade', status: 'running' }),
    });
    await user.click(screen.getByRole('button', { name: 'Apply 1.1.0' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Apply update' });
    expect(dialog).toHaveTextContent('Update the appliance from 1.0.0 to 1.1.0?');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await settle();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/updates/apply',
      body: { version: '1.1.0' },
    });
    expect(store.getState().progress).toMatchObject({ jobId: 'job-1', view: { dataType: 'upgrade' } });
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeDisabled();

    status = afterUpdate;
    act(() => {
      store.dispatch(
        progressUpdated({
          id: 'job-1',
          dataType: 'upgrade',
          status: 'done',
          progressPercentage: 100,
          totalSteps: 4,
          stepNumber: 4,
          details: [],
        }),
      );
    });
    await settle();
    expect(screen.getByTestId('current-version')).toHaveTextContent('1.1.0');
    const history = screen.getByRole('table', { name: 'Update history' });
    expect(
      within(history).getByRole('row', { name: /1\.1\.0.*Security update.*1\.0\.0/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeEnabled();
  });

  it('rolls back to the previous version after confirmation', async () => {
    const { calls, user } = await renderPage({
      'GET /api/updates': () => afterUpdate,
      'POST /api/updates/rollback': () => ({ id: 'job-2', dataType: 'upgrade', status: 'running' }),
    });
    await user.click(screen.getByRole('button', { name: 'Roll back to 1.0.0' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Roll back' })).getByRole('button', {
        name: 'Roll back',
      }),
    );
    await settle();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/updates/rollback')).toBe(true);
  });

  it('uploads a chosen package as bytes and reports a refused one through the error handler', async () => {
    let answer: () => unknown = () => ({ version: '1.1.0' });
    const { store, calls, user } = await renderPage({
      'GET /api/updates': () => upToDate,
      'POST /api/updates/packages': () => answer(),
    });
    const file = new File(['{"format":"rampart-update/1"}'], 'rampart-1.1.0.rup');
    const upload = screen.getByRole('button', { name: 'Upload and verify' });
    expect(upload).toBeDisabled();
    await user.upload(screen.getByLabelText(/Update package/, { selector: 'input' }), file);
    await user.click(upload);
    await settle();
    const sent = calls.find((c) => c.url === '/api/updates/packages');
    expect(sent?.body).toBeInstanceOf(Blob);
    expect((sent?.body as Blob).type).toBe('application/octet-stream');
    expect(store.getState().updates.uploaded).toBe('1.1.0');
    expect(store.getState().notifications.toasts.map((t) => t.message)).toContain(
      'Package 1.1.0 verified and ready to apply.',
    );

    answer = () => {
      throw refused('The package signature does not match any trusted key', 'value_error.update.signature');
    };
    await user.upload(screen.getByLabelText(/Update package/, { selector: 'input' }), file);
    await user.click(screen.getByRole('button', { name: 'Upload and verify' }));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(store.getState().notifications.toasts.map((t) => t.message)).toContain(
      'The package signature does not match any trusted key',
    );
  });

  it('lets a user whose groups grant reading updates read the status but not change it', async () => {
    await renderPage({ 'GET /api/updates': () => afterUpdate }, 'user');
    expect(screen.getByText(/You can view the updates but not apply them/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Roll back to 1.0.0' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
  });

  it('lets a user whose groups grant writing updates use the controls', async () => {
    await renderPage({ 'GET /api/updates': () => afterUpdate }, 'user', { updates: 'write' });
    expect(screen.queryByText(/You can view the updates/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeEnabled();
  });

  it('with no trusted key, an admin installs one by pasting it; a member who may write updates cannot', async () => {
    const pem =
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----';
    const noKey = { ...upToDate, trusted_keys: [] };
    const { calls, user } = await renderPage({
      'GET /api/updates': () => noKey,
      'POST /api/updates/trusted-keys': () => ({
        ...noKey,
        trusted_keys: [{ name: 'release-2027', fingerprint: '0123456789abcdef' }],
      }),
    });
    expect(screen.getByText(/None: no package can be verified/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Install a trusted key' });
    expect(form).toBeVisible();
    await user.type(within(form).getByRole('textbox', { name: /Key name/ }), 'release-2027');
    await user.click(within(form).getByRole('textbox', { name: /Public key/ }));
    await user.paste(pem);
    await user.click(within(form).getByRole('button', { name: 'Install key' }));
    await settle();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/updates/trusted-keys',
      body: { name: 'release-2027', pem: `${pem}\n` },
    });
    expect(await screen.findByText('release-2027 (0123456789abcdef)')).toBeInTheDocument();

    document.body.innerHTML = '';
    await renderPage({ 'GET /api/updates': () => noKey }, 'user', { updates: 'write' });
    expect(screen.queryByRole('form', { name: 'Install a trusted key' })).toBeNull();
  });

  it('saves the schedule and refuses a repository that is neither a path nor a URL', async () => {
    const { calls, user } = await renderPage({
      'GET /api/updates': () => upToDate,
      'PUT /api/updates/schedule': (body) => ({ ...upToDate, schedule: body }),
      'PUT /api/updates/settings': () => upToDate,
    });
    const schedule = screen.getByRole('form', { name: 'Scheduled security updates' });
    await user.click(within(schedule).getByRole('checkbox', { name: /Install security updates/ }));
    await user.selectOptions(within(schedule).getByRole('combobox', { name: 'Day' }), 'sun');
    await user.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    await settle();
    expect(calls.find((c) => c.url === '/api/updates/schedule')?.body).toEqual({
      enabled: true,
      day: 'sun',
      time: '03:00',
    });

    const source = screen.getByRole('form', { name: 'Update source' });
    await user.type(within(source).getByRole('textbox', { name: 'Repository' }), 'relative/dir');
    await user.click(within(source).getByRole('button', { name: 'Save source' }));
    await settle();
    expect(within(source).getByText(/absolute directory path or an http\(s\) URL/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/updates/settings')).toBe(false);

    await user.clear(within(source).getByRole('textbox', { name: 'Repository' }));
    await user.type(
      within(source).getByRole('textbox', { name: 'Repository' }),
      'https://updates.example/rampart',
    );
    await user.click(within(source).getByRole('button', { name: 'Save source' }));
    await settle();
    expect(calls.find((c) => c.url === '/api/updates/settings')?.body).toEqual({
      repository: 'https://updates.example/rampart',
      channel: 'stable',
    });
  });
});
