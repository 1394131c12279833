/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from '../../../../src/api/client';
import { ApiError } from '../../../../src/api/errors';
import { ServicesProvider } from '../../../../src/app/services';
import { axe } from 'jest-axe';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resourcesSaga } from '../../../../sagas/resources.saga';
import { SIGN_INS_KEY, SignInsPage, type SignIns } from '../../../../src/app/pages/profile/SignInsPage';
import { fakeApi, makeTestStore } from '../../../sagas/fakes';
import type { SecurityKeySummary } from '../../../../src/shared/authentication';

const signIns: SignIns = {
  data: [
    { at: 1_700_000_700_000, source: '10.0.0.7', method: 'reauth:password', success: true },
    { at: 1_700_000_600_000, source: '203.0.113.9', method: 'password', success: false },
    { at: 1_700_000_500_000, source: '10.0.0.2', method: 'password+totp', success: true },
  ],
  last_login: 1_700_000_500_000,
  password_changed_at: null,
  second_factors: [],
  security_keys: [],
  failed_since_last_login: 1,
  active_sessions: 2,
};

function renderProfile(api: ApiClient) {
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user: { username: 'j.doe', role: 'user' } } },
  });
  store.runSaga(resourcesSaga);
  const router = createMemoryRouter([{ path: '/profile', element: <SignInsPage /> }], {
    initialEntries: ['/profile'],
  });
  return {
    store,
    ...render(
      <Provider store={store}>
        <ServicesProvider services={{ api, origin: 'http://localhost' }}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </Provider>,
    ),
  };
}

test('shows the user their own sign-ins and failures with time, address and method', async () => {
  const { api, calls } = fakeApi({ 'GET /api/users/me/sign-ins': () => signIns });
  const { container } = renderProfile(api);
  const table = await screen.findByRole('table', { name: 'Recent sign-ins' });
  expect(calls.map((c) => c.url)).toEqual([`/api/${SIGN_INS_KEY}`]);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(3);
  expect(within(rows[1]).getByText('203.0.113.9')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Failed')).toBeInTheDocument();
  expect(within(rows[0]).getByText('Confirmed with password')).toBeInTheDocument();
  expect(within(rows[2]).getByText('Password and one-time code')).toBeInTheDocument();
  const summary = screen.getByRole('region', { name: 'Summary' });
  expect(summary).toHaveTextContent('j.doe');
  expect(summary).toHaveTextContent('Open sessions2');
  expect((await axe(container)).violations).toEqual([]);
});

test('says where the password and two-factor are, and sets up an authenticator app', async () => {
  let enrolled = false;
  const puts: unknown[] = [];
  const { api } = fakeApi({
    'GET /api/users/me/sign-ins': () => ({
      ...signIns,
      password_changed_at: 1_700_000_000_000,
      second_factors: enrolled ? [{ type: 'totp', created_at: 1_700_000_900_000 }] : [],
    }),
    'GET /api/users/me/second-factors/totp/new': () => ({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
      uri: 'otpauth://totp/x',
      qr: 'data:image/png;base64,AAAA',
    }),
    'PUT /api/users/me/second-factors/totp': (body) => {
      puts.push(body);
      if ((body as { code: string }).code !== '123456')
        throw new ApiError({
          kind: 'bad_request',
          status: 422,
          message: '422',
          url: '/api/users/me/second-factors/totp',
          method: 'PUT',
          data: { detail: [{ loc: ['body', 'code'], msg: 'This code does not match', type: 'x' }] },
        });
      enrolled = true;
      return { second_factors: [] };
    },
  });
  renderProfile(api);
  const user = userEvent.setup();
  const security = await screen.findByRole('region', { name: 'Password and two-factor' });
  expect(within(security).getByRole('link', { name: 'Change your password' })).toHaveAttribute(
    'href',
    '/change-password/',
  );
  expect(security).toHaveTextContent('Off: signing in asks for the password only.');
  expect(screen.getByRole('region', { name: 'Sessions' })).toHaveTextContent('2 sessions are open');

  await user.click(within(security).getByRole('button', { name: 'Set up two-factor' }));
  expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute(
    'src',
    'data:image/png;base64,AAAA',
  );
  expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
  const code = screen.getByLabelText('Code the app shows now');
  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This code does not match');
  expect(code).toHaveAttribute('aria-invalid', 'true');
  await user.clear(code);
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
  expect(
    await within(security).findByText(/^On: one-time codes from an authenticator app/),
  ).toBeInTheDocument();
  expect(puts).toEqual([
    { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', code: '000000' },
    { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', code: '123456' },
  ]);
  expect(within(security).queryByRole('button', { name: 'Set up two-factor' })).not.toBeInTheDocument();
});

/** The browser's `navigator.credentials.create()`: answers a credential, or fails as the browser would. */
function fakeAuthenticator(failWith?: string) {
  const bytes = (s: string) => new TextEncoder().encode(s).buffer;
  const created: unknown[] = [];
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      create: async (options: unknown) => {
        created.push(options);
        if (failWith) throw new DOMException('The operation either timed out or was not allowed.', failWith);
        return {
          id: 'a2V5',
          rawId: bytes('key'),
          type: 'public-key',
          response: { clientDataJSON: bytes('{}'), attestationObject: bytes('att') },
        };
      },
    },
  });
  return created;
}

test('lists the security keys, adds one with a name through the browser prompt and removes one', async () => {
  let keys: SecurityKeySummary[] = [
    { id: 1, name: 'Desk key', created_at: 1_700_000_000_000, last_used_at: 1_700_000_500_000 },
  ];
  const posted: unknown[] = [];
  const { api, calls } = fakeApi({
    'GET /api/users/me/sign-ins': () => ({ ...signIns, second_factors: [], security_keys: keys }),
    'POST /api/users/me/second-factors/webauthn/options': () => ({
      ticket: 't1',
      publicKey: { challenge: 'Y2hhbGxlbmdl', user: { id: 'dXNlcg', name: 'j.doe', displayName: 'j.doe' } },
    }),
    'POST /api/users/me/second-factors/webauthn': (body) => {
      posted.push(body);
      keys = [...keys, { id: 2, name: 'Phone', created_at: 1_700_000_900_000, last_used_at: null }];
      return keys[1];
    },
    'DELETE /api/users/me/second-factors/webauthn/1': () => {
      keys = keys.filter((k) => k.id !== 1);
      return null;
    },
  });
  const created = fakeAuthenticator();
  const { container } = renderProfile(api);
  const user = userEvent.setup();
  const security = await screen.findByRole('region', { name: 'Password and two-factor' });
  expect(security).toHaveTextContent('On: a security key. Each sign-in asks for it after the password.');
  const section = within(security).getByRole('region', { name: 'Security keys' });
  const table = within(section).getByRole('table');
  expect(within(table).getByRole('rowheader', { name: 'Desk key' })).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);

  await user.click(within(section).getByRole('button', { name: 'Add security key' }));
  await user.type(within(section).getByLabelText('Name of the key'), 'Phone');
  await user.click(within(section).getByRole('button', { name: 'Continue' }));
  expect(await within(section).findByRole('rowheader', { name: 'Phone' })).toBeInTheDocument();
  expect(within(section).getAllByRole('row')[2]).toHaveTextContent('Never');
  expect(created).toHaveLength(1);
  expect(posted).toEqual([
    {
      ticket: 't1',
      name: 'Phone',
      credential: {
        id: 'a2V5',
        rawId: 'a2V5',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'YXR0' },
      },
    },
  ]);

  await user.click(within(section).getByRole('button', { name: 'Remove security key Desk key' }));
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await user.click(within(section).getByRole('button', { name: 'Remove Desk key' }));
  await waitForRemoved(section);
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
    '/api/users/me/second-factors/webauthn/1',
  ]);
});

async function waitForRemoved(section: HTMLElement) {
  await screen.findByText('On: a security key. Each sign-in asks for it after the password.', {
    exact: false,
  });
  await within(section).findByRole('rowheader', { name: 'Phone' });
  expect(within(section).queryByRole('rowheader', { name: 'Desk key' })).not.toBeInTheDocument();
}

test('a cancelled browser prompt says so and adds nothing', async () => {
  const { api, calls } = fakeApi({
    'GET /api/users/me/sign-ins': () => ({ ...signIns, security_keys: [] }),
    'POST /api/users/me/second-factors/webauthn/options': () => ({
      ticket: 't1',
      publicKey: { challenge: 'Y2hhbGxlbmdl', user: { id: 'dXNlcg', name: 'j.doe', displayName: 'j.doe' } },
    }),
  });
  fakeAuthenticator('NotAllowedError');
  renderProfile(api);
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: 'Security keys' });
  expect(section).toHaveTextContent('No security key yet.');
  await user.click(within(section).getByRole('button', { name: 'Add security key' }));
  await user.click(within(section).getByRole('button', { name: 'Continue' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'The security key prompt was cancelled or timed out. Try again when your key is ready.',
  );
  expect(calls.filter((c) => c.url === '/api/users/me/second-factors/webauthn')).toEqual([]);
});
