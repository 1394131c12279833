/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor } from '@testing-library/react';
import type { ApiClient, ApiResponse } from '../../../../src/api/client';
import { statusMessages } from '../../../../src/api/errorCatalogue';
import { ApiError } from '../../../../src/api/errors';
import { LogoutPage } from '../../../../src/app/pages/account/LogoutPage';
import { renderScreen } from './support';
import { verbClient } from '../../../support/verbClient';

function fakeApi(answer: unknown | Error) {
  const posts: string[] = [];
  const api = verbClient({
    post: (async (url: string) => {
      posts.push(url);
      if (answer instanceof Error) throw answer;
      return { status: 200, data: answer, headers: new Headers() } as ApiResponse<unknown>;
    }) as ApiClient['post'],
  });
  return { api, posts };
}

const identityLogout = <p>identity logout flow</p>;

afterEach(() => {
  document.cookie = 'rampart_logged_in=; Max-Age=0; Path=/';
  window.sessionStorage.clear();
});

describe('logout page', () => {
  it('ends a local login at the appliance, clears session storage and loads the returned login page', async () => {
    document.cookie = 'rampart_logged_in=1; Path=/';
    window.sessionStorage.setItem('draft', 'x');
    const { api, posts } = fakeApi({ data: { redirect_uri: '/account/login' } });
    const { loads } = renderScreen(<LogoutPage title="Log out" identityLogout={identityLogout} />, {
      api,
      path: '/logout/',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Logging out…');
    await waitFor(() => expect(loads).toEqual(['/account/login']));
    expect(posts).toEqual(['/api/auth/logout']);
    expect(window.sessionStorage.getItem('draft')).toBeNull();
    expect(screen.queryByText('identity logout flow')).not.toBeInTheDocument();
  });

  it('refuses a foreign redirect_uri and goes to the login page instead', async () => {
    document.cookie = 'rampart_logged_in=1; Path=/';
    const { api } = fakeApi({ data: { redirect_uri: 'https://evil.example/' } });
    const { loads } = renderScreen(<LogoutPage title="Log out" identityLogout={identityLogout} />, { api });
    await waitFor(() => expect(loads).toEqual(['/account/login']));
  });

  it('segue=verification with an e-mail goes to verification for a local session too, without logging out', async () => {
    document.cookie = 'rampart_logged_in=1; Path=/';
    const { api, posts } = fakeApi({ data: { redirect_uri: '/account/login' } });
    const { router, loads } = renderScreen(<LogoutPage title="Log out" identityLogout={identityLogout} />, {
      api,
      path: '/logout/?segue=verification&email=ann%40example.com',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/'));
    expect(router.state.location.search).toBe('?email=ann%40example.com');
    expect(posts).toEqual([]);
    expect(loads).toEqual([]);
  });

  it('without a local login runs the identity service logout', async () => {
    const { api, posts } = fakeApi({ data: { redirect_uri: '/account/login' } });
    renderScreen(<LogoutPage title="Log out" identityLogout={identityLogout} />, { api });
    expect(await screen.findByText('identity logout flow')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('a failed local logout says so and can be retried', async () => {
    document.cookie = 'rampart_logged_in=1; Path=/';
    const error = new ApiError({
      kind: 'bad_response',
      status: 500,
      message: '500',
      url: '/api/auth/logout',
      method: 'POST',
    });
    const { api, posts } = fakeApi(error);
    const { user, toasts } = renderScreen(<LogoutPage title="Log out" identityLogout={identityLogout} />, {
      api,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Logging out failed.');
    // Worded by the one error catalogue (§8), through the error saga.
    await waitFor(() =>
      expect(toasts()).toEqual([{ level: 'error', message: statusMessages[500], duration: 4000 }]),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(posts).toHaveLength(2));
  });
});
