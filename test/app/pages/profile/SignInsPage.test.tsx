/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, within } from '@testing-library/react';
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

test('shows the user their own sign-ins and failures with time, address and method', async () => {
  const { api, calls } = fakeApi({ 'GET /api/users/me/sign-ins': () => signIns });
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user: { username: 'j.doe', role: 'user' } } },
  });
  store.runSaga(resourcesSaga);
  const router = createMemoryRouter([{ path: '/profile', element: <SignInsPage /> }], {
    initialEntries: ['/profile'],
  });
  const { container } = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
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
