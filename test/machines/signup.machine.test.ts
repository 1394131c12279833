import { waitFor } from 'xstate';
import { signupMachine, unverifiedAddress } from '../../machines/signup.machine';
import { input, makeFlow, startFlow } from './support/flowHarness';

const flow = makeFlow('r1', [
  input('traits.email', 'email'),
  input('password', 'password', {}, 'password'),
  input('method', 'submit', { value: 'password' }, 'password'),
]);
const values = { 'traits.email': 'ann@example.com', password: 'Str0ng-pass!', method: 'password' };

describe('sign-up machine (§2)', () => {
  it('shows the account-created screen when the new address needs verifying', async () => {
    const completion = {
      identity: { verifiable_addresses: [{ value: 'ann@example.com', verified: false, via: 'email' }] },
    };
    const { actor, redirect } = startFlow(
      signupMachine,
      { kind: 'registration' },
      { loads: [flow], submits: [{ type: 'complete', completion }] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values });
    await waitFor(actor, (s) => s.matches('accountCreated'));
    expect(actor.getSnapshot().context.email).toBe('ann@example.com');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('leaves for the return address when nothing needs verifying', async () => {
    const completion = {
      session: { id: 's' },
      identity: { verifiable_addresses: [{ value: 'a@b.c', verified: true, via: 'email' }] },
    };
    const { actor, redirect } = startFlow(
      signupMachine,
      { kind: 'registration', returnTo: '/help' },
      { loads: [flow], submits: [{ type: 'complete', completion }] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(redirect).toHaveBeenCalledWith({ to: '/help', fullLoad: true });
  });

  it('an existing account (4000007) stays on the form with the message', async () => {
    const taken = {
      ...flow,
      ui: { ...flow.ui, messages: [{ id: 4000007, text: 'exists', type: 'error' as const }] },
    };
    const { actor, notify } = startFlow(
      signupMachine,
      { kind: 'registration' },
      { loads: [flow], submits: [{ status: 400, body: taken }] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values });
    await waitFor(actor, (s) => s.matches('ready') && s.context.flow === taken);
    expect(notify).toHaveBeenCalledWith({
      level: 'error',
      message: 'An account with this e-mail address already exists.',
      duration: 4000,
    });
  });

  it('finds the first unverified address', () => {
    expect(unverifiedAddress(null)).toBeNull();
    expect(
      unverifiedAddress({
        identity: {
          verifiable_addresses: [
            { value: 'a', verified: true, via: 'email' },
            { value: 'b', verified: false, via: 'email' },
          ],
        },
      }),
    ).toBe('b');
  });
});
