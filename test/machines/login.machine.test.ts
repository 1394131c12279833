import { getShortestPaths } from '@xstate/graph';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginMachine } from '../../machines/login.machine';
import { ApiError } from '../../src/api/errors';
import {
  DEFAULT_SETUP,
  type LoginCredentials,
  type LoginResult,
  type LoginSetup,
} from '../../src/identity/localAuth';
import {
  SecurityKeyPromptError,
  securityKeyMessages,
  type SecurityKeyStep,
} from '../../src/identity/securityKeys';

const unauthorized = (code: number) =>
  new ApiError({
    kind: 'bad_request',
    status: 401,
    data: { detail: { code } },
    message: '401',
    url: '/api/auth/login',
    method: 'POST',
  });

/** A 401 asking for the second step, as the appliance answers an account with a security key. */
const keyStep = (code: number, ways: string[], ticket: string, message = 'Use your security key') =>
  new ApiError({
    kind: 'bad_request',
    status: 401,
    data: {
      detail: { code, message, second_factors: ways, webauthn: { ticket, publicKey: { challenge: 'AA' } } },
    },
    message: '401',
    url: '/api/auth/login',
    method: 'POST',
  });

function start(
  options: {
    answers?: Array<LoginResult | Error>;
    keyAnswers?: Array<LoginResult | Error>;
    setup?: LoginSetup | Error;
    bearerMode?: boolean;
  } = {},
) {
  const answers = [...(options.answers ?? [])];
  const keyAnswers = [...(options.keyAnswers ?? [])];
  const tickets: string[] = [];
  const sent: LoginCredentials[] = [];
  const completeLogin = jest.fn();
  const notifyError = jest.fn();
  const loadSetup = jest.fn(async () => {
    if (options.setup instanceof Error) throw options.setup;
    return options.setup ?? DEFAULT_SETUP;
  });
  const machine = loginMachine.provide({
    actors: {
      loadSetup: fromPromise(loadSetup),
      login: fromPromise<LoginResult, LoginCredentials>(async ({ input }) => {
        sent.push(input);
        const a = answers.shift();
        if (!a || a instanceof Error) throw a ?? new Error('no answer');
        return a;
      }),
      useSecurityKey: fromPromise<LoginResult, SecurityKeyStep>(async ({ input }) => {
        tickets.push(input.ticket);
        const a = keyAnswers.shift();
        if (!a || a instanceof Error) throw a ?? new Error('no answer');
        return a;
      }),
    },
    actions: {
      completeLogin: (_, params) => completeLogin(params),
      notifyError: (_, params) => notifyError(params),
    },
  });
  const actor = createActor(machine, { input: { bearerMode: options.bearerMode ?? false } }).start();
  return { actor, sent, tickets, completeLogin, notifyError, loadSetup };
}

const step = (actor: ReturnType<typeof start>['actor'], name: string) =>
  waitFor(actor, (s) => s.matches({ step: name } as never));

describe('local login machine (§2, §4, §8)', () => {
  it('asks for a username when it is empty and stays on the first step', () => {
    const { actor } = start();
    actor.send({ type: 'user.next', username: '   ' });
    expect(actor.getSnapshot().matches({ step: 'username' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Please enter your username.');
  });

  it('advances to the password, and back returns one step', () => {
    const { actor } = start();
    actor.send({ type: 'user.next', username: ' ann ' });
    expect(actor.getSnapshot().matches({ step: 'password' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ username: 'ann', error: null });
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().matches({ step: 'username' })).toBe(true);
  });

  it('logs in and hands the result over (redirect, bearer token)', async () => {
    const result = { redirectUri: '/dns/proxy', accessToken: null };
    const { actor, sent, completeLogin } = start({ answers: [result] });
    actor.send({ type: 'user.next', username: 'ann' });
    actor.send({ type: 'user.submit', password: 'pw' });
    expect(actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    await step(actor, 'success');
    expect(sent).toEqual([{ username: 'ann', password: 'pw', otp: '' }]);
    expect(completeLogin).toHaveBeenCalledWith({ result });
  });

  it('401 code 3 moves to the code step; back returns to the password; the code is sent with the credentials', async () => {
    const { actor, sent } = start({
      answers: [unauthorized(3), unauthorized(3), { redirectUri: null, accessToken: null }],
    });
    actor.send({ type: 'user.next', username: 'ann' });
    actor.send({ type: 'user.submit', password: 'pw' });
    await step(actor, 'otp');
    expect(actor.getSnapshot().context).toMatchObject({
      error: null,
      prompt: expect.stringContaining('one-time code'),
    });
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().matches({ step: 'password' })).toBe(true);
    actor.send({ type: 'user.submit', password: 'pw' });
    await step(actor, 'otp');
    actor.send({ type: 'user.submit', otp: '123456' });
    await step(actor, 'success');
    expect(sent[2]).toEqual({ username: 'ann', password: 'pw', otp: '123456' });
  });

  it('an account with only a security key is asked for it; a refused key stays on the step with a fresh ceremony', async () => {
    const done = { redirectUri: '/', accessToken: null };
    const { actor, tickets, completeLogin } = start({
      answers: [keyStep(3, ['webauthn'], 't1')],
      keyAnswers: [
        new SecurityKeyPromptError(securityKeyMessages.cancelled),
        keyStep(8, ['webauthn'], 't2', 'This security key is not registered for the account.'),
        done,
      ],
    });
    actor.send({ type: 'user.next', username: 'ann' });
    actor.send({ type: 'user.submit', password: 'pw' });
    await step(actor, 'otp');
    expect(actor.getSnapshot().context).toMatchObject({
      secondFactors: ['webauthn'],
      prompt: 'Use your security key to finish logging in.',
      keyStep: { ticket: 't1' },
    });
    actor.send({ type: 'user.useKey' });
    await waitFor(actor, (s) => s.matches({ step: 'otp' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(securityKeyMessages.cancelled);
    actor.send({ type: 'user.useKey' });
    await waitFor(actor, (s) => s.context.keyStep?.ticket === 't2');
    expect(actor.getSnapshot().context.error).toBe('This security key is not registered for the account.');
    actor.send({ type: 'user.useKey' });
    await step(actor, 'success');
    expect(tickets).toEqual(['t1', 't1', 't2']);
    expect(completeLogin).toHaveBeenCalledWith({ result: done });
  });

  it('offers the key and the code together, and an expired key step returns to the password', async () => {
    const { actor } = start({
      answers: [keyStep(3, ['totp', 'webauthn'], 't1')],
      keyAnswers: [unauthorized(9)],
    });
    actor.send({ type: 'user.next', username: 'ann' });
    actor.send({ type: 'user.submit', password: 'pw' });
    await step(actor, 'otp');
    expect(actor.getSnapshot().context.prompt).toBe(
      'Use your security key, or enter the one-time code from your authenticator app.',
    );
    actor.send({ type: 'user.useKey' });
    await waitFor(actor, (s) => s.matches({ step: 'password' }));
    expect(actor.getSnapshot().context).toMatchObject({
      password: '',
      keyStep: null,
      error: 'The security key step has expired. Please enter your password again.',
    });
  });

  it('401 code 2 clears the code and says it is invalid', async () => {
    const { actor } = start({ answers: [unauthorized(3), unauthorized(2)] });
    actor.send({ type: 'user.next', username: 'ann' });
    actor.send({ type: 'user.submit', password: 'pw' });
    await step(actor, 'otp');
    actor.send({ type: 'user.submit', otp: '000000' });
    await waitFor(actor, (s) => s.matches({ step: 'otp' }) && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      otp: '',
      error: 'The one-time code is not valid. Please try again.',
    });
  });

  it.each([
    [4, 'Two-factor authentication is not set up for this account yet. Contact your administrator.'],
    [1, 'Wrong username or password.'],
    [0, 'Wrong username or password.'],
  ])('401 code %d returns to the password step with a message', async (code, message) => {
    const { actor, notifyError } = start({ answers: [unauthorized(code)] });
    actor.send({ type: 'user.next', username: 'ann' });
    actor.send({ type: 'user.submit', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ step: 'password' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('other failures go to the generic handler and keep the password step', async () => {
    const failure = new ApiError({
      kind: 'bad_response',
      status: 500,
      message: '500',
      url: '/',
      method: 'POST',
    });
    const { actor, notifyError } = start({ answers: [failure] });
    actor.send({ type: 'user.next', username: 'ann' });
    actor.send({ type: 'user.submit', password: 'pw' });
    await step(actor, 'password');
    expect(notifyError).toHaveBeenCalledWith({ error: failure });
    expect(actor.getSnapshot().matches({ step: 'password' })).toBe(true);
  });

  it('loads the setup beside the steps, keeps defaults when it fails, and skips it in bearer mode', async () => {
    const custom = { ...DEFAULT_SETUP, isOffline: true, title: 'ACME' };
    const a = start({ setup: custom });
    await waitFor(a.actor, (s) => s.matches({ setup: 'loaded' }));
    expect(a.actor.getSnapshot().context.setup).toEqual(custom);
    const b = start({ setup: new Error('offline') });
    await waitFor(b.actor, (s) => s.matches({ setup: 'failed' }));
    expect(b.actor.getSnapshot().context.setup).toEqual(DEFAULT_SETUP);
    const c = start({ bearerMode: true });
    expect(c.actor.getSnapshot().matches({ setup: 'skipped' })).toBe(true);
    expect(c.loadSetup).not.toHaveBeenCalled();
  });

  it('every step is reachable by user events alone (graph paths)', () => {
    const paths = getShortestPaths(loginMachine, {
      input: { bearerMode: true },
      events: [
        { type: 'user.next', username: 'ann' },
        { type: 'user.next', username: '' },
        { type: 'user.submit', password: 'pw' },
        { type: 'user.back' },
      ],
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(
      new Set([
        JSON.stringify({ setup: 'skipped', step: 'username' }),
        JSON.stringify({ setup: 'skipped', step: 'password' }),
        JSON.stringify({ setup: 'skipped', step: 'submitting' }),
      ]),
    );
  });
});
