/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { ApiClient, ApiResponse } from '../../../../src/api/client';
import { verbClient } from '../../../support/verbClient';
import { localAuthCodeMessages, statusMessages } from '../../../../src/api/errorCatalogue';
import { ApiError } from '../../../../src/api/errors';
import { ERROR_DURATION_MS } from '../../../../src/notifications/constants';
import { LocalLoginScreen } from '../../../../src/app/pages/account/LocalLoginScreen';
import { renderScreen } from './support';
import { defaults, publicConfig } from '../../../../config';

const unauthorized = (code: number) =>
  new ApiError({
    kind: 'bad_request',
    status: 401,
    data: { detail: { code } },
    message: '401',
    url: '/api/auth/login',
    method: 'POST',
  });

function fakeApi(setup: unknown, answers: Array<unknown | Error>) {
  const posts: Array<{ url: string; body: string }> = [];
  const ok = <T,>(data: T): ApiResponse<T> => ({ status: 200, data, headers: new Headers() });
  const api: ApiClient = verbClient({
    get: (async () => (setup instanceof Error ? Promise.reject(setup) : ok(setup))) as ApiClient['get'],
    post: (async (url: string, body: unknown) => {
      posts.push({ url, body: String(body) });
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return ok(a);
    }) as ApiClient['post'],
  });
  return { api, posts };
}

const formSetup = { login_methods: [{ type: 'form_login' }] };

describe('local login screen', () => {
  it('asks for a username, then the password, then logs in with a full page load to return_to', async () => {
    // The server answers the return_to the request carried as its redirect_uri.
    const { api, posts } = fakeApi(formSetup, [{ data: { redirect_uri: '/logs/overview' } }]);
    const { user, loads } = renderScreen(<LocalLoginScreen title="Log in" />, {
      api,
      path: '/account/login?return_to=%2Flogs%2Foverview',
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your username.');
    await user.type(screen.getByLabelText('Username'), 'ann{Enter}');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveFocus();
    expect(screen.getByText('ann')).toBeInTheDocument();
    await user.type(password, 's3cret{Enter}');
    await waitFor(() => expect(loads).toEqual(['/logs/overview']));
    expect(posts).toEqual([
      { url: '/api/auth/login?return_to=%2Flogs%2Foverview', body: 'username=ann&password=s3cret' },
    ]);
  });

  it.each([
    // First access: the server sends the user to change the password first, keeping return_to for later.
    [
      '/change-password?notice=first_access_change&return_to=%2Flogs%2Foverview',
      '/change-password?notice=first_access_change&return_to=%2Flogs%2Foverview',
    ],
    // A foreign redirect_uri is refused; the page asked for is used instead.
    ['https://evil.example/', '/logs/overview'],
    // No redirect_uri at all.
    [null, '/logs/overview'],
  ])('with return_to, follows the server redirect_uri %s to %s', async (redirectUri, expected) => {
    const { api } = fakeApi(formSetup, [{ data: { redirect_uri: redirectUri } }]);
    const { user, loads } = renderScreen(<LocalLoginScreen title="Log in" />, {
      api,
      path: '/account/login?return_to=%2Flogs%2Foverview',
    });
    await user.type(screen.getByLabelText('Username'), 'admin{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'one-time{Enter}');
    await waitFor(() => expect(loads).toEqual([expected]));
  });

  it('Tab advances from the username; Back returns to it', async () => {
    const { api } = fakeApi(formSetup, []);
    const { user } = renderScreen(<LocalLoginScreen title="Log in" />, { api, path: '/account/login' });
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.tab();
    expect(await screen.findByLabelText('Password')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it('moves to the one-time code when asked (401 code 3), clears a wrong code (code 2), and goes to redirect_uri', async () => {
    const { api, posts } = fakeApi(formSetup, [
      unauthorized(3),
      unauthorized(2),
      { data: { redirect_uri: '/help' } },
    ]);
    const { user, loads } = renderScreen(<LocalLoginScreen title="Log in" />, {
      api,
      path: '/account/login',
    });
    await user.type(screen.getByLabelText('Username'), 'ann{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    const code = await screen.findByLabelText('One-time code');
    expect(screen.getByText('Enter the one-time code from your authenticator app.')).toBeInTheDocument();
    await user.type(code, '111111{Enter}');
    await screen.findByText('The one-time code is not valid. Please try again.');
    expect(screen.getByLabelText('One-time code')).toHaveValue('');
    await user.type(screen.getByLabelText('One-time code'), '222222{Enter}');
    await waitFor(() => expect(loads).toEqual(['/help']));
    expect(posts[2].body).toBe('username=ann&password=pw&otp=222222');
  });

  it('shows wrong credentials and keeps the password step', async () => {
    const { api } = fakeApi(formSetup, [unauthorized(1)]);
    const { user } = renderScreen(<LocalLoginScreen title="Log in" />, { api });
    await user.type(screen.getByLabelText('Username'), 'ann{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'bad{Enter}');
    expect(await screen.findByText('Wrong username or password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('after a refusal, an empty password is answered by the field check, not the last refusal', async () => {
    const { api, posts } = fakeApi(formSetup, [unauthorized(1)]);
    const { user } = renderScreen(<LocalLoginScreen title="Log in" />, { api });
    await user.type(screen.getByLabelText('Username'), 'ann{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'bad{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your password.');
    expect(posts).toHaveLength(1);
  });

  it('words a wrong password with the one §8 catalogue', async () => {
    const { api } = fakeApi(formSetup, [unauthorized(1)]);
    const { user, toasts } = renderScreen(<LocalLoginScreen title="Log in" />, { api });
    await user.type(screen.getByLabelText('Username'), 'ann{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'bad{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(localAuthCodeMessages.wrongCredentials);
    expect(toasts()).toEqual([]);
  });

  it('sends other failures to the one error handler, worded by the catalogue', async () => {
    const locked = new ApiError({
      kind: 'bad_request',
      status: 403,
      data: { detail: 'ignored for 403' },
      message: 'Request failed with status code 403',
      url: '/api/auth/login',
      method: 'POST',
    });
    const { api } = fakeApi(formSetup, [locked]);
    const { user, toasts } = renderScreen(<LocalLoginScreen title="Log in" />, { api });
    await user.type(screen.getByLabelText('Username'), 'ann{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    await waitFor(() =>
      expect(toasts()).toEqual([
        { level: 'error', message: statusMessages[403], duration: ERROR_DURATION_MS },
      ]),
    );
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('remembers the user name when a first access goes to the change-password page', async () => {
    const { api } = fakeApi(formSetup, [
      { data: { redirect_uri: '/change-password?notice=first_access_change' } },
    ]);
    const { user, loads } = renderScreen(<LocalLoginScreen title="Log in" />, { api });
    await user.type(screen.getByLabelText('Username'), 'admin{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'seeded{Enter}');
    await waitFor(() => expect(loads).toEqual(['/change-password?notice=first_access_change']));
    expect(window.sessionStorage.getItem('rampart.firstAccessUser')).toBe('admin');
    window.sessionStorage.clear();
  });

  it('refuses a foreign redirect_uri and goes to / instead', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { api } = fakeApi(formSetup, [{ data: { redirect_uri: 'https://evil.example/' } }]);
    const { user, loads } = renderScreen(<LocalLoginScreen title="Log in" />, {
      api,
      path: '/account/login?return_to=https%3A%2F%2Fevil.example',
    });
    await user.type(screen.getByLabelText('Username'), 'ann{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(loads).toEqual(['/']));
    warn.mockRestore();
  });

  it('shows the offline message and tag, custom title, logo, cover and provider buttons from the setup', async () => {
    const { api } = fakeApi(
      {
        login_methods: [
          { type: 'oauth', provider: 'azure', login_url: '/api/auth/oauth/azure' },
          { type: 'oauth', provider: 'github', login_url: 'https://evil.example/x' },
        ],
        isOffline: true,
        login_title: 'ACME appliance',
        login_logo: '/api/config/login_logo',
        login_background: '/api/config/login_background',
      },
      [],
    );
    const { container } = renderScreen(<LocalLoginScreen title="Log in" />, { api });
    expect(await screen.findByRole('heading', { name: /ACME appliance/ })).toHaveTextContent('Offline');
    expect(
      screen.getByText('The identity service looks offline. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with Entra ID' })).toHaveAttribute(
      'href',
      '/api/auth/oauth/azure',
    );
    expect(screen.queryByRole('link', { name: /GitHub/ })).toBeNull();
    // No form_login method: the username form is not offered.
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(container.querySelector('.auth__logo')).toHaveAttribute('src', '/api/config/login_logo');
    expect((container.querySelector('.auth') as HTMLElement).style.backgroundImage).toContain(
      '/api/config/login_background',
    );
  });

  it('bearer mode skips the setup and keeps the access token in the auth-bearer cookie', async () => {
    const { api } = fakeApi(formSetup, [{ data: { redirect_uri: '/' }, access_token: 'tok-123' }]);
    const get = jest.spyOn(api, 'get');
    const config = { ...publicConfig(defaults), bearerMode: true };
    const { user, loads } = renderScreen(<LocalLoginScreen title="Log in" />, { api, state: { config } });
    await user.type(screen.getByLabelText('Username'), 'ann{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(loads).toEqual(['/']));
    expect(document.cookie).toContain('auth-bearer=tok-123');
    expect(get).not.toHaveBeenCalled();
  });

  it('has no detectable accessibility violations', async () => {
    const { api } = fakeApi(formSetup, []);
    const { container } = renderScreen(<LocalLoginScreen title="Log in" />, { api });
    await screen.findByLabelText('Username');
    expect((await axe(container)).violations).toEqual([]);
  });
});
