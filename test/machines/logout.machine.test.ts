import { createActor, fromPromise, waitFor } from 'xstate';
import { logoutMachine } from '../../machines/logout.machine';

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
