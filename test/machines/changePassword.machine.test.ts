import { createActor, fromPromise, waitFor } from 'xstate';
import { changePasswordMachine } from '../../machines/changePassword.machine';
import { ApiError } from '../../src/api/errors';
import type { ChangePasswordCredentials, LoginResult } from '../../src/identity/localAuth';

const unauthorized = (code: number) =>
  new ApiError({
    kind: 'bad_request',
    status: 401,
    data: { detail: { code } },
    message: '401',
    url: '/',
    method: 'POST',
  });

function start(answers: Array<LoginResult | Error>) {
  const sent: ChangePasswordCredentials[] = [];
  const completeChange = jest.fn();
  const notifyError = jest.fn();
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise<LoginResult, ChangePasswordCredentials>(async ({ input }) => {
          sent.push(input);
          const a = answers.shift();
          if (!a || a instanceof Error) throw a ?? new Error('no answer');
          return a;
        }),
      },
      actions: { completeChange: (_, p) => completeChange(p), notifyError: (_, p) => notifyError(p) },
    }),
  ).start();
  return { actor, sent, completeChange, notifyError };
}
const fields = {
  type: 'user.submit' as const,
  username: 'ann',
  password: 'old',
  newPassword: 'new-Passw0rd',
};

describe('change password machine (§2, §5, §8)', () => {
  it.each([
    { username: '', password: 'a', newPassword: 'b' },
    { username: 'ann', password: '', newPassword: 'b' },
    { username: 'ann', password: 'a', newPassword: '' },
  ])('asks to complete all fields (%j)', (values) => {
    const { actor } = start([]);
    actor.send({ type: 'user.submit', ...values });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('Please complete all fields.');
  });

  it('changes the password and hands the result over', async () => {
    const { actor, sent, completeChange } = start([{ redirectUri: null, accessToken: null }]);
    actor.send(fields);
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([{ username: 'ann', password: 'old', newPassword: 'new-Passw0rd', otp: '' }]);
    expect(completeChange).toHaveBeenCalledWith({ result: { redirectUri: null, accessToken: null } });
  });

  it('a requested code replaces the fields; a wrong code clears it; back returns to the fields', async () => {
    const { actor, sent } = start([
      unauthorized(3),
      unauthorized(2),
      { redirectUri: '/', accessToken: null },
    ]);
    actor.send(fields);
    await waitFor(actor, (s) => s.matches('otp'));
    actor.send({ type: 'user.submitCode', otp: ' ' });
    expect(actor.getSnapshot().context.error).toBe('Please complete all fields.');
    actor.send({ type: 'user.submitCode', otp: '111111' });
    await waitFor(actor, (s) => s.matches('otp') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      otp: '',
      error: 'The one-time code is not valid. Please try again.',
    });
    actor.send({ type: 'user.submitCode', otp: '222222' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent[2]).toMatchObject({ otp: '222222', newPassword: 'new-Passw0rd' });

    const other = start([unauthorized(3)]);
    other.actor.send(fields);
    await waitFor(other.actor, (s) => s.matches('otp'));
    other.actor.send({ type: 'user.back' });
    expect(other.actor.getSnapshot().value).toBe('editing');
  });

  it.each([
    [6, 'The current password is not valid.', { password: '' }],
    [7, 'The new password cannot be the same as the current one.', { newPassword: '' }],
    [4, 'Two-factor authentication is not set up for this account yet. Contact your administrator.', {}],
    [0, 'Wrong username or password.', { password: '' }],
  ])('401 code %d is shown at the fields', async (code, message, cleared) => {
    const { actor } = start([unauthorized(code)]);
    actor.send(fields);
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: message, ...cleared });
  });

  it('other failures go to the generic handler', async () => {
    const failure = new ApiError({ kind: 'network', message: 'Network Error', url: '/', method: 'POST' });
    const { actor, notifyError } = start([failure]);
    actor.send(fields);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(notifyError).toHaveBeenCalledWith({ error: failure });
  });
});
