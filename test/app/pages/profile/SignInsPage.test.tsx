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

const signIns: SignIns = {
  data: [
    { at: 1_700_000_700_000, source: '10.0.0.7', method: 'reauth:password', success: true },
    { at: 1_700_000_600_000, source: '203.0.113.9', method: 'password', success: false },
    { at: 1_700_000_500_000, source: '10.0.0.2', method: 'password+totp', success: true },
  ],
  last_login: 1_700_000_500_000,
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
