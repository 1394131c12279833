import { waitFor } from 'xstate';
import { RESEND_COOLDOWN_S } from '../../machines/flowForm.machine';
import { recoveryMachine, settingsTarget } from '../../machines/recovery.machine';
import { input, makeFlow, startFlow } from './support/flowHarness';

const chooseMethod = makeFlow(
  'rc1',
  [input('email', 'email', {}, 'code'), input('method', 'submit', { value: 'code' }, 'code')],
  { state: 'choose_method' },
);
const sentEmail = makeFlow(
  'rc1',
  [
    input('code', 'text', {}, 'code'),
    input('method', 'submit', { value: 'code' }, 'code'),
    input('email', 'submit', { value: 'ann@example.com' }, 'code'),
  ],
  {
    state: 'sent_email',
    ui: undefined as never,
  },
);
sentEmail.ui = {
  ...makeFlow('rc1', []).ui,
  nodes: makeFlow('rc1', [
    input('code', 'text', {}, 'code'),
    input('email', 'submit', { value: 'ann@example.com' }, 'code'),
  ]).ui.nodes,
  messages: [{ id: 1060003, text: 'sent', type: 'info' }],
};

async function toCodePrompt() {
  const h = startFlow(
    recoveryMachine,
    { kind: 'recovery' },
    {
      loads: [chooseMethod],
      submits: [
        { type: 'flow', flow: sentEmail },
        { type: 'flow', flow: sentEmail },
        {
          type: 'flow',
          flow: {
            ...sentEmail,
            state: 'passed_challenge',
            continue_with: [
              { action: 'show_settings_ui', flow: { id: 'set-1', url: 'https://evil.example/settings' } },
            ],
          },
        },
      ],
    },
  );
  await waitFor(h.actor, (s) => s.matches('ready'));
  h.actor.send({ type: 'user.submit', values: { email: 'ann@example.com', method: 'code' } });
  await waitFor(h.actor, (s) => s.matches('codeSent'));
  return h;
}

describe('recovery machine (§2, beyond: resend cooldown)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sent_email shows the code-sent notice; Continue leads to the code prompt', async () => {
    const { actor } = await toCodePrompt();
    expect(actor.getSnapshot().context.resendIn).toBe(RESEND_COOLDOWN_S);
    actor.send({ type: 'user.continue' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.flow?.state).toBe('sent_email');
  });

  it('counts the resend cooldown down each second and ignores a resend until it ends', async () => {
    const { actor, submits } = await toCodePrompt();
    actor.send({ type: 'user.continue' });
    jest.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.resendIn).toBe(RESEND_COOLDOWN_S - 1);
    actor.send({ type: 'user.submit', values: { email: 'ann@example.com', method: 'code' } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(submits).toHaveLength(1);
    jest.advanceTimersByTime((RESEND_COOLDOWN_S - 1) * 1000);
    expect(actor.getSnapshot().context.resendIn).toBe(0);
    actor.send({ type: 'user.submit', values: { email: 'ann@example.com', method: 'code' } });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    jest.useRealTimers();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.resendIn).toBe(RESEND_COOLDOWN_S);
    expect(submits).toHaveLength(2);
  });

  it('a code can be submitted during the cooldown; passed_challenge leaves for the console settings screen', async () => {
    const { actor, submits, redirect } = await toCodePrompt();
    actor.send({ type: 'user.continue' });
    actor.send({ type: 'user.submit', values: { code: '123456', method: 'code' } });
    jest.useRealTimers();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values: { code: '123456', method: 'code' } });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(submits[1].values).toEqual({ code: '123456', method: 'code' });
    // The identity service's own URL is not followed: the console's settings screen takes the flow id.
    expect(redirect).toHaveBeenCalledWith({ to: '/settings/?flow=set-1', fullLoad: true });
  });

  it('builds the settings target', () => {
    expect(settingsTarget(makeFlow('x', []))).toBe('/settings/');
    expect(
      settingsTarget(
        makeFlow('x', [], { continue_with: [{ action: 'show_settings_ui', flow: { id: 'a b' } }] }),
      ),
    ).toBe('/settings/?flow=a%20b');
  });
});
