/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor } from '@testing-library/react';
import type { ApiClient, ApiResponse } from '../../../../src/api/client';
import { verbClient } from '../../../support/verbClient';
import { ApiError } from '../../../../src/api/errors';
import { ChangePasswordScreen } from '../../../../src/app/pages/account/ChangePasswordScreen';
import { renderScreen } from './support';
import { axe } from 'jest-axe';

const unauthorized = (code: number) =>
  new ApiError({
    kind: 'bad_request',
    status: 401,
    data: { detail: { code } },
    message: '401',
    url: '/',
    method: 'POST',
  });

function fakeApi(answers: Array<unknown | Error>) {
  const bodies: string[] = [];
  const urls: string[] = [];
  const api = verbClient({
    post: (async (url: string, body: unknown) => {
      urls.push(url);
      bodies.push(String(body));
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return { status: 200, data: a, headers: new Headers() } as ApiResponse<unknown>;
    }) as ApiClient['post'],
  });
  return { api, bodies, urls };
}

async function fill(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(screen.getByLabelText('Username'), 'ann');
  await user.type(screen.getByLabelText('Current password'), 'old');
  await user.type(screen.getByLabelText('New password'), 'Newer-passw0rd');
  await user.type(screen.getByLabelText('Repeat the new password'), 'Newer-passw0rd');
}

describe('change password screen', () => {
  it('asks to complete all fields', async () => {
    const { api, bodies } = fakeApi([]);
    const { user } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please complete all fields.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows the strength of the new password', async () => {
    const { api } = fakeApi([]);
    const { user } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    const neutral = 'Strength shows as you type';
    expect(screen.getByText(neutral).closest('.strength')).toHaveClass('strength--empty');
    await user.type(screen.getByLabelText('New password'), 'abc');
    expect(screen.getByText('Password strength: Weak').closest('.strength')).toHaveClass('strength--weak');
    await user.type(screen.getByLabelText('New password'), 'DEFGH12!@#x');
    expect(screen.getByText('Password strength: Strong').closest('.strength')).toHaveClass(
      'strength--strong',
    );
    // Cleared again, it is neutral again.
    await user.clear(screen.getByLabelText('New password'));
    expect(screen.getByText(neutral).closest('.strength')).toHaveClass('strength--empty');
  });

  it('shows the password rules before anything is sent, tied to the new password field', () => {
    const { api } = fakeApi([]);
    renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    const newPassword = screen.getByLabelText('New password');
    for (const rule of [
      'At least 10 characters',
      'Not your user name, nor built on it',
      'Not one of the commonly used passwords',
    ]) {
      expect(screen.getByText(rule)).toBeVisible();
      expect(newPassword).toHaveAccessibleDescription(expect.stringContaining(rule));
    }
  });

  it('refuses a repeated password that differs, under its field, and sends nothing', async () => {
    const { api, bodies } = fakeApi([]);
    const { user } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.type(screen.getByLabelText('Current password'), 'old');
    await user.type(screen.getByLabelText('New password'), 'Newer-passw0rd');
    const repeat = screen.getByLabelText('Repeat the new password');
    await user.type(repeat, 'Newer-passw0rt');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords differ: type the same password twice.')).toHaveRole(
      'alert',
    );
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(repeat).toHaveAccessibleDescription(expect.stringContaining('The two new passwords differ'));
    expect(bodies).toEqual([]);
    // Corrected, it goes.
    await user.clear(repeat);
    await user.type(repeat, 'Newer-passw0rd');
    expect(screen.queryByText(/The two new passwords differ/)).not.toBeInTheDocument();
  });

  it('asks for the repeated password like any other field', async () => {
    const { api, bodies } = fakeApi([]);
    const { user } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.type(screen.getByLabelText('Current password'), 'old');
    await user.type(screen.getByLabelText('New password'), 'Newer-passw0rd');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please complete all fields.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('rates a commonly used password weak, whatever its score (password1 is not medium)', async () => {
    const { api } = fakeApi([]);
    const { user } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    await user.type(screen.getByLabelText('New password'), 'password1');
    expect(await screen.findByText('Password strength: Weak (a commonly used password)')).toBeInTheDocument();
    expect(screen.queryByText(/Password strength: Medium/)).not.toBeInTheDocument();
  });

  it('replaces the fields with the code when asked, then goes to the login route with the password-changed notice', async () => {
    const { api, bodies } = fakeApi([unauthorized(3), { data: {} }]);
    const { user, loads } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const code = await screen.findByLabelText('One-time code');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(code, '123456{Enter}');
    await waitFor(() => expect(loads).toEqual(['/account/login?notice=password_changed']));
    expect(bodies[1]).toBe('username=ann&password=old&new_password=Newer-passw0rd&otp=123456');
  });

  it.each([
    [6, 'The current password is not valid.'],
    [7, 'The new password cannot be the same as the current one.'],
  ])('explains 401 code %d', async (code, message) => {
    const { api } = fakeApi([unauthorized(code)]);
    const { user } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('goes to the returned redirect_uri', async () => {
    const { api } = fakeApi([{ data: { redirect_uri: '/dns/proxy' } }]);
    const { user, loads } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(loads).toEqual(['/dns/proxy']));
  });

  it('sends the page the first access asked for along, so the next login can return there', async () => {
    const { api, urls } = fakeApi([
      { data: { redirect_uri: '/account/login?notice=password_changed&return_to=%2Fdns%2Fproxy' } },
    ]);
    const { user, loads } = renderScreen(<ChangePasswordScreen title="Change password" />, {
      api,
      path: '/change-password?notice=first_access_change&return_to=%2Fdns%2Fproxy',
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(loads).toEqual(['/account/login?notice=password_changed&return_to=%2Fdns%2Fproxy']),
    );
    expect(urls).toEqual(['/api/auth/change_password?return_to=%2Fdns%2Fproxy']);
  });

  it('shows a weak new password under the new password field, focused after 50 ms, until it changes', async () => {
    const weak = new ApiError({
      kind: 'bad_request',
      status: 422,
      data: {
        detail: [
          { loc: ['body', 'new_password'], msg: 'the new password must not be the user name', type: 'x' },
        ],
      },
      message: 'Request failed with status code 422',
      url: '/api/auth/change_password',
      method: 'POST',
    });
    const { api } = fakeApi([weak]);
    const { user, toasts } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const newPassword = screen.getByLabelText('New password');
    await waitFor(() => expect(newPassword).toHaveAttribute('aria-invalid', 'true'));
    expect(newPassword).toHaveAccessibleDescription(
      expect.stringContaining('the new password must not be the user name'),
    );
    await waitFor(() => expect(newPassword).toHaveFocus());
    expect(toasts()).toEqual([]);
    await user.type(newPassword, '!');
    expect(newPassword).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('the new password must not be the user name')).not.toBeInTheDocument();
  });

  it('is pre-filled with the user name of the first access', async () => {
    window.sessionStorage.setItem('rampart.firstAccessUser', 'admin');
    const { api } = fakeApi([]);
    renderScreen(<ChangePasswordScreen title="Change password" />, {
      api,
      path: '/change-password?notice=first_access_change',
    });
    expect(await screen.findByDisplayValue('admin')).toBe(screen.getByLabelText('Username'));
    window.sessionStorage.clear();
  });

  it('keeps what was typed before hydration, even when the first access user name arrives after it', async () => {
    window.sessionStorage.setItem('rampart.firstAccessUser', 'admin');
    const { api, bodies } = fakeApi([{ redirect_uri: '/' }]);
    const { user } = renderScreen(<ChangePasswordScreen title="Change password" />, {
      api,
      path: '/change-password?notice=first_access_change',
      // The server knows no first access user: the username arrives empty, and is typed before the scripts ran.
      beforeHydration: (html) => {
        const input = (id: string) => html.querySelector(`#${id}`) as HTMLInputElement;
        expect(input('cp-username')).toHaveValue('');
        input('cp-username').value = 'ann';
        input('cp-password').value = 'old';
        input('cp-new-password').value = 'Newer-passw0rd';
        input('cp-confirm-password').value = 'Newer-passw0rd';
      },
    });
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('ann'));
    expect(screen.getByLabelText('Current password')).toHaveValue('old');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(Object.fromEntries(new URLSearchParams(bodies[0]))).toEqual({
      username: 'ann',
      password: 'old',
      new_password: 'Newer-passw0rd',
    });
    window.sessionStorage.clear();
  });

  it('is pre-filled with the logged-in user name when the store knows it', async () => {
    const { api } = fakeApi([]);
    renderScreen(<ChangePasswordScreen title="Change password" />, {
      api,
      state: { session: { loggedIn: true, user: { username: 'ann', role: 'user' } } },
    });
    expect(screen.getByLabelText('Username')).toHaveValue('ann');
  });

  it('has no detectable accessibility violations', async () => {
    const { api } = fakeApi([]);
    const { container } = renderScreen(<ChangePasswordScreen title="Change password" />, { api });
    expect((await axe(container)).violations).toEqual([]);
  });
});
