import { createActor, fromPromise, waitFor } from 'xstate';
import { logoutMachine } from '../../machines/logout.machine';
import type { LoginResult } from '../../src/identity/localAuth';

function start(
  input: { segue?: string; email?: string },
  answer: { logout_url: string } | { status: number; body: unknown },
) {
  const order: string[] = [];
  const redirect = jest.fn((_: unknown, p: { to: string; fullLoad?: boolean }) =>
    order.push(`redirect ${p.to}`),
  );
  const notify = jest.fn();
  const createLogout = jest.fn(async () => {
    if ('logout_url' in answer) return answer;
    throw answer;
  });
  const actor = createActor(
    logoutMachine.provide({
      actors: { createLogout: fromPromise(createLogout) },
      actions: { redirect, clearSessionStorage: () => order.push('clear'), notify: (_, p) => notify(p) },
    }),
    { input },
  ).start();
  return { actor, order, redirect, notify, createLogout };
}

describe('logout machine (§2, §4)', () => {
  it('clears session storage, then goes to the logout URL with a full load', async () => {
    const { actor, order, redirect } = start({}, { logout_url: '/identity/self-service/logout?token=t' });
    await waitFor(actor, (s) => s.matches('leaving'));
    expect(order).toEqual(['clear', 'redirect /identity/self-service/logout?token=t']);
    expect(redirect.mock.calls[0][1]).toEqual({
      to: '/identity/self-service/logout?token=t',
      fullLoad: true,
    });
  });

  it('segue=verification with an e-mail goes to verification instead, without logging out', () => {
    const { actor, order, createLogout } = start(
      { segue: 'verification', email: 'a+b@c.d' },
      { logout_url: '/x' },
    );
    expect(actor.getSnapshot().matches('leaving')).toBe(true);
    expect(order).toEqual(['redirect /verification/?email=a%2Bb%40c.d']);
    expect(createLogout).not.toHaveBeenCalled();
  });

  it('segue=verification without an e-mail logs out as usual', async () => {
    const { actor, createLogout } = start({ segue: 'verification' }, { logout_url: '/x' });
    await waitFor(actor, (s) => s.matches('leaving'));
    expect(createLogout).toHaveBeenCalled();
  });

  it('without a session (session_inactive) goes to /login/', async () => {
    const { actor, order } = start({}, { status: 401, body: { error: { id: 'session_inactive' } } });
    await waitFor(actor, (s) => s.matches('leaving'));
    expect(order).toEqual(['clear', 'redirect /login/']);
  });

  it('another failure shows a toast and can be retried', async () => {
    const { actor, notify, createLogout } = start(
      {},
      { status: 500, body: { error: { reason: 'database down' } } },
    );
    await waitFor(actor, (s) => s.matches('failed'));
    expect(notify).toHaveBeenCalledWith({ level: 'error', message: 'database down', duration: 8000 });
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(createLogout).toHaveBeenCalledTimes(2);
  });
});

describe('local logout (the machine owns it, spec §2, §7)', () => {
  function startLocal(
    input: { segue?: string; email?: string },
    answers: Array<{ redirectUri: string | null } | Error>,
  ) {
    const order: string[] = [];
    const reportError = jest.fn();
    const localLogout = jest.fn(async (): Promise<LoginResult> => {
      const a = answers.shift();
      if (!a || a instanceof Error) throw a ?? new Error('no answer');
      return { redirectUri: a.redirectUri, accessToken: null };
    });
    const createLogout = jest.fn(async () => ({ logout_url: '/identity/x' }));
    const actor = createActor(
      logoutMachine.provide({
        actors: { localLogout: fromPromise(localLogout), createLogout: fromPromise(createLogout) },
        actions: {
          redirect: (_, p) => order.push(`redirect ${p.to} (else ${p.fallback ?? '/'})`),
          clearSessionStorage: () => order.push('clear'),
          reportError: (_, p) => reportError(p.error),
        },
      }),
      { input: { ...input, local: true, loginPath: '/account/login' } },
    ).start();
    return { actor, order, reportError, localLogout, createLogout };
  }

  it('ends the local login, clears session storage, then loads the returned page (the login page if refused)', async () => {
    const { actor, order, createLogout } = startLocal({}, [{ redirectUri: '/account/login?bye' }]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('leaving'));
    expect(order).toEqual(['clear', 'redirect /account/login?bye (else /account/login)']);
    expect(createLogout).not.toHaveBeenCalled();
  });

  it('without a returned page goes to the login page', async () => {
    const { actor, order } = startLocal({}, [{ redirectUri: null }]);
    await waitFor(actor, (s) => s.matches('leaving'));
    expect(order).toEqual(['clear', 'redirect /account/login (else /account/login)']);
  });

  it('a failure goes to the error handler and can be retried', async () => {
    const failure = new Error('down');
    const { actor, reportError, localLogout, order } = startLocal({}, [failure, { redirectUri: null }]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(reportError).toHaveBeenCalledWith(failure);
    expect(order).toEqual([]);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('leaving'));
    expect(localLogout).toHaveBeenCalledTimes(2);
  });

  it('segue=verification with an e-mail goes to verification instead, for a local session too', () => {
    const { actor, order, localLogout } = startLocal({ segue: 'verification', email: 'a@b.c' }, []);
    expect(actor.getSnapshot().matches('leaving')).toBe(true);
    expect(order).toEqual(['redirect /verification/?email=a%40b.c (else /)']);
    expect(localLogout).not.toHaveBeenCalled();
  });
});
