import { waitFor } from 'xstate';
import { RESEND_COOLDOWN_S } from '../../machines/flowForm.machine';
import { autoSubmitValues, verificationMachine } from '../../machines/verification.machine';
import { input, makeFlow, startFlow } from './support/flowHarness';

const chooseMethod = makeFlow(
  'v1',
  [input('email', 'email', {}, 'code'), input('method', 'submit', { value: 'code' }, 'code')],
  { state: 'choose_method' },
);
const sentEmail = makeFlow(
  'v1',
  [
    input('code', 'text', {}, 'code'),
    input('method', 'submit', { value: 'code' }, 'code'),
    input('email', 'submit', { value: 'a@b.c' }, 'code'),
  ],
  { state: 'sent_email' },
);
const passed = { ...makeFlow('v1', [], { state: 'passed_challenge' }) };
passed.ui = {
  ...passed.ui,
  messages: [{ id: 1080002, text: 'You successfully verified your email address.', type: 'success' }],
};

describe('verification machine (§2, §4)', () => {
  it('auto-submits a prefilled e-mail (the code is sent) and shows the code prompt with a resend cooldown', async () => {
    const { actor, submits } = startFlow(
      verificationMachine,
      { kind: 'verification', prefill: { email: 'a@b.c' } },
      { loads: [chooseMethod], submits: [{ type: 'flow', flow: sentEmail }] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    expect(submits[0].values).toEqual({ method: 'code', email: 'a@b.c' });
    expect(actor.getSnapshot().context.resendIn).toBe(RESEND_COOLDOWN_S);
  });

  it('skip_send does not send the e-mail again', async () => {
    const { actor, submits } = startFlow(
      verificationMachine,
      { kind: 'verification', flowId: 'v1', prefill: { email: 'a@b.c' }, skipSend: true },
      { loads: [sentEmail] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    expect(submits).toHaveLength(0);
  });

  it('auto-submits a prefilled code; passed_challenge shows the messages and goes to /', async () => {
    const { actor, submits, notify, redirect } = startFlow(
      verificationMachine,
      { kind: 'verification', flowId: 'v1', prefill: { code: '123456' } },
      { loads: [sentEmail], submits: [{ type: 'flow', flow: passed }] },
    );
    await waitFor(actor, (s) => s.matches('passed'));
    expect(submits[0].values).toEqual({ method: 'code', code: '123456' });
    expect(notify).toHaveBeenCalledWith({
      level: 'success',
      message: 'Your e-mail address is verified.',
      duration: 6000,
    });
    expect(redirect).toHaveBeenCalledWith({ to: '/' });
  });

  it('a wrong code stays on the prompt with the message (the service answers 200 with the flow)', async () => {
    const wrong = {
      ...sentEmail,
      ui: { ...sentEmail.ui, messages: [{ id: 4070006, text: 'invalid', type: 'error' as const }] },
    };
    const { actor } = startFlow(
      verificationMachine,
      { kind: 'verification', flowId: 'v1' },
      { loads: [sentEmail], submits: [{ type: 'flow', flow: wrong }] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values: { code: '000000', method: 'code' } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.flow === wrong);
    expect(actor.getSnapshot().context.resendIn).toBe(0);
  });

  it.each([
    [{ prefill: {}, skipSend: false }, chooseMethod, null],
    [{ prefill: { email: 'a@b.c' }, skipSend: true }, chooseMethod, null],
    [{ prefill: { email: 'a@b.c' }, skipSend: false }, sentEmail, null],
    [{ prefill: { code: '1', email: 'a@b.c' }, skipSend: true }, sentEmail, { method: 'code', code: '1' }],
    [{ prefill: { code: '1' }, skipSend: false }, chooseMethod, null],
  ])('auto-submit values %#', (context, flow, expected) => {
    expect(autoSubmitValues(context, flow)).toEqual(expected);
  });
});
