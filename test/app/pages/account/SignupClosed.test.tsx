/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Closed sign-up in the account screens: the sign-up page says so (no form, no retry) when the identity service
 * refuses the flow with Kratos' `self_service_flow_disabled`, and the login and recovery screens, local and
 * identity, hide their sign-up link when the login setup says `signup: closed`.
 */
import { screen, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { ReactElement } from 'react';
import type { ApiClient, ApiResponse } from '../../../../src/api/client';
import { verbClient } from '../../../support/verbClient';
import { LocalLoginScreen } from '../../../../src/app/pages/account/LocalLoginScreen';
import {
  LoginFlowScreen,
  RecoveryScreen,
  SignupScreen,
} from '../../../../src/app/pages/account/identity/IdentityScreens';
import { fakeActors, flowOf, node } from './identityFakes';
import { renderScreen } from './support';

/** An API that answers the login setup only. */
function setupApi(signup: string | undefined): ApiClient {
  const ok = <T,>(data: T): ApiResponse<T> => ({ status: 200, data, headers: new Headers() });
  const setup = { login_methods: [{ type: 'form_login' }], ...(signup ? { signup } : {}) };
  const get = (async (url: string) =>
    url === '/api/auth/setup'
      ? ok(setup)
      : Promise.reject(new Error(`unexpected ${url}`))) as ApiClient['get'];
  return verbClient({ get });
}

const disabled = {
  status: 400,
  body: {
    error: {
      id: 'self_service_flow_disabled',
      code: 400,
      status: 'Bad Request',
      message: 'registration flow disabled',
      reason: 'Registration is not allowed because it was disabled.',
    },
  },
};

test('the sign-up page says sign-up is closed instead of a form; no axe findings', async () => {
  const { actors } = fakeActors({ loads: [disabled] });
  const { container } = renderScreen(<SignupScreen title="Sign up" actors={actors} />, {
    path: '/signup/',
    api: setupApi('closed'),
  });
  expect(await screen.findByRole('heading', { name: 'Sign-up is closed' })).toBeInTheDocument();
  expect(screen.getByText(/new accounts are not created here/)).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/');
  expect((await axe(container)).violations).toEqual([]);
});

test('another failure of the sign-up page still offers to try again', async () => {
  const { actors } = fakeActors({ loads: [{ status: 500, body: { error: { message: 'boom' } } }] });
  renderScreen(<SignupScreen title="Sign up" actors={actors} />, { path: '/signup/' });
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Sign-up is closed' })).toBeNull();
});

const login = flowOf('l1', [
  node('identifier', 'text', { required: true }, 'default', { id: 1070004, text: 'ID' }),
  node('method', 'submit', { value: 'password' }, 'password', { id: 1010022, text: 'Sign in' }),
]);
const recovery = flowOf('r1', [
  node('email', 'email', { required: true }, 'code', { id: 1070007, text: 'Email' }),
  node('method', 'submit', { value: 'code' }, 'code', { id: 1070009, text: 'Continue' }),
]);

const screens: Array<[string, (actors: ReturnType<typeof fakeActors>['actors']) => ReactElement, string]> = [
  ['identity login', (actors) => <LoginFlowScreen title="Log in" actors={actors} />, '/login/'],
  ['recovery', (actors) => <RecoveryScreen title="Recover" actors={actors} />, '/recovery/'],
];

// [screen, setup's signup, link shown]
test.each(
  screens.flatMap(([name, element, path]) =>
    (
      [
        ['closed', false],
        ['domains', true],
        ['open', true],
        [undefined, true],
      ] as const
    ).map(([signup, shown]) => [name, signup, shown, element, path] as const),
  ),
)('the %s screen with sign-up %s shows the sign-up link: %s', async (_name, signup, shown, element, path) => {
  const { actors } = fakeActors({ loads: [login, recovery] });
  renderScreen(element(actors), { path, api: setupApi(signup) });
  if (shown) expect(await screen.findByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  else await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull());
});

test.each([
  ['closed', false],
  ['domains', true],
  ['open', true],
])('the local login with sign-up %s shows the sign-up link: %s', async (signup, shown) => {
  renderScreen(<LocalLoginScreen title="Log in" />, { path: '/account/login', api: setupApi(signup) });
  await screen.findByRole('button', { name: 'Next' });
  if (shown) expect(await screen.findByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  else await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull());
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
});
