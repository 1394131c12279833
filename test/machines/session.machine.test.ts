/**
 * The session machine with provided actors and fake timers: when it checks the server, when it warns, what extending
 * and another tab's news do, and how a re-authentication settles the request that waits for it.
 */
import { createActor, fromPromise } from 'xstate';
import {
  DEFAULT_HEARTBEAT_MS,
  phasesOf,
  sessionMachine,
  verifyErrorMessage,
  type ReauthCredentials,
  type SessionStatus,
} from '../../machines/session.machine';
import { ApiError } from '../../src/api/errors';

const status = (expiresInMs: number, warnMs = 60_000, absolute = false): SessionStatus => ({
  expiresInMs,
  warnMs,
  absolute,
});

const apiError = (code: number, data: unknown) =>
  new ApiError({ kind: 'bad_request', status: code, data, message: String(code), url: '/x', method: 'POST' });

function start(answers: {
  check: () => Promise<SessionStatus>;
  extend?: () => Promise<SessionStatus>;
  verify?: (c: ReauthCredentials) => Promise<SessionStatus>;
}) {
  const effects: string[] = [];
  const checks: number[] = [];
  const machine = sessionMachine.provide({
    actors: {
      checkStatus: fromPromise(() => {
        checks.push(Date.now());
        return answers.check();
      }),
      extend: fromPromise(() => (answers.extend ?? answers.check)()),
      verify: fromPromise(({ input }: { input: ReauthCredentials }) =>
        (answers.verify ?? (() => Promise.resolve(status(600_000))))(input),
      ),
    },
    actions: {
      announceExtended: () => effects.push('announceExtended'),
      leaveForLogin: () => effects.push('leaveForLogin'),
      settleRetried: () => effects.push('settleRetried'),
      settleCancelled: () => effects.push('settleCancelled'),
    },
  });
  const actor = createActor(machine, { input: {} });
  actor.start();
  const phases = () => phasesOf(actor.getSnapshot().value);
  return { actor, effects, checks, phases };
}

const flush = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

it('stays active far from the end and checks again when the warning is due', async () => {
  let left = 200_000;
  const t = start({ check: () => Promise.resolve(status(left)) });
  await flush();
  expect(t.phases().lifetime).toBe('active');
  // The first re-check comes after at most one heartbeat.
  left = 90_000;
  await jest.advanceTimersByTimeAsync(DEFAULT_HEARTBEAT_MS);
  expect(t.checks).toHaveLength(2);
  expect(t.phases().lifetime).toBe('active');
  // 30 s before the warning: the next check comes exactly then.
  left = 60_000;
  await jest.advanceTimersByTimeAsync(29_999);
  expect(t.checks).toHaveLength(2);
  await jest.advanceTimersByTimeAsync(1);
  expect(t.phases().lifetime).toBe('warning');
  t.actor.stop();
});

it('extending from the warning returns to active and tells the other tabs', async () => {
  const t = start({
    check: () => Promise.resolve(status(30_000)),
    extend: () => Promise.resolve(status(900_000)),
  });
  await flush();
  expect(t.phases().lifetime).toBe('warning');
  t.actor.send({ type: 'user.extend' });
  expect(t.phases().lifetime).toBe('extending');
  await flush();
  expect(t.phases().lifetime).toBe('active');
  expect(t.effects).toEqual(['announceExtended']);
  t.actor.stop();
});

it('lets a warned session lapse: the check after the end is a 401 and the tab leaves for the login', async () => {
  let ended = false;
  const t = start({
    check: () =>
      ended ? Promise.reject(apiError(401, { code: 'session_timeout' })) : Promise.resolve(status(20_000)),
  });
  await flush();
  expect(t.phases().lifetime).toBe('warning');
  ended = true;
  await jest.advanceTimersByTimeAsync(20_500);
  expect(t.phases().lifetime).toBe('expired');
  expect(t.effects).toEqual(['leaveForLogin']);
  t.actor.stop();
});

it('follows other tabs: their extension ends the warning, their expiry ends this tab', async () => {
  const t = start({ check: () => Promise.resolve(status(30_000)) });
  await flush();
  expect(t.phases().lifetime).toBe('warning');
  t.actor.send({ type: 'session.status', status: status(900_000) });
  expect(t.phases().lifetime).toBe('active');
  t.actor.send({ type: 'session.ended' });
  expect(t.phases().lifetime).toBe('expired');
  expect(t.effects).toEqual(['leaveForLogin']);
  t.actor.stop();
});

it('a transport failure of the check keeps the tab signed in and tries again later', async () => {
  let fail = true;
  const t = start({
    check: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(status(30_000))),
  });
  await flush();
  expect(t.phases().lifetime).toBe('active');
  fail = false;
  await jest.advanceTimersByTimeAsync(DEFAULT_HEARTBEAT_MS);
  expect(t.phases().lifetime).toBe('warning');
  t.actor.stop();
});

it('re-authentication: blank is refused in place, a wrong password shows its message, the right one retries', async () => {
  const tried: ReauthCredentials[] = [];
  const t = start({
    check: () => Promise.resolve(status(600_000)),
    verify: (c) => {
      tried.push(c);
      return c.password === 'right' || c.otp === '123456'
        ? Promise.resolve(status(600_000))
        : Promise.reject(apiError(401, { detail: { code: 6, message: 'Invalid password' } }));
    },
  });
  await flush();
  t.actor.send({ type: 'reauth.request' });
  expect(t.phases().reauth).toBe('requested');
  t.actor.send({ type: 'user.verify', password: '' });
  expect(t.actor.getSnapshot().context.reauthError).toBe('Enter your password or one-time code');
  t.actor.send({ type: 'user.verify', password: 'wrong' });
  expect(t.phases().reauth).toBe('verifying');
  await flush();
  expect(t.phases().reauth).toBe('requested');
  expect(t.actor.getSnapshot().context.reauthError).toBe('Invalid password');
  t.actor.send({ type: 'user.verify', password: 'right', otp: ' ' });
  await flush();
  expect(t.phases().reauth).toBe('none');
  expect(t.effects).toEqual(['settleRetried']);
  // A code, when given, is what is sent.
  t.actor.send({ type: 'reauth.request' });
  t.actor.send({ type: 'user.verify', otp: ' 123456 ' });
  await flush();
  expect(tried).toEqual([{ password: 'wrong' }, { password: 'right' }, { otp: '123456' }]);
  t.actor.send({ type: 'reauth.request' });
  t.actor.send({ type: 'user.cancel' });
  expect(t.phases().reauth).toBe('none');
  expect(t.effects).toEqual(['settleRetried', 'settleRetried', 'settleCancelled']);
  t.actor.stop();
});

it('names the server message of a failed verification, or a generic one', () => {
  expect(verifyErrorMessage(apiError(429, { detail: 'Too many failed attempts' }))).toBe(
    'Too many failed attempts',
  );
  expect(verifyErrorMessage(new Error('offline'))).toBe('Could not confirm it is you; try again');
});
