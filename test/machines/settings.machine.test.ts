import { waitFor } from 'xstate';
import { SETTINGS_SAVED, settingsMachine } from '../../machines/settings.machine';
import { input, makeFlow, startFlow } from './support/flowHarness';

const profile = [
  input('traits.email', 'email', { value: 'a@b.c' }, 'profile'),
  input('method', 'submit', { value: 'profile' }, 'profile'),
];
const regenerate = input('lookup_secret_regenerate', 'submit', { value: 'true' }, 'lookup_secret');
const noFactor = makeFlow('s1', [...profile, input('totp_code', 'text', {}, 'totp'), regenerate]);
const withTotp = makeFlow('s1', [
  ...profile,
  input('totp_unlink', 'submit', { value: 'true' }, 'totp'),
  regenerate,
]);
const success = (flow: typeof noFactor) => ({ type: 'flow' as const, flow: { ...flow, state: 'success' } });

describe('settings machine (§2, §4)', () => {
  it('a profile save shows the settings-saved toast and stays', async () => {
    const { actor, notify, redirect } = startFlow(
      settingsMachine,
      { kind: 'settings' },
      { loads: [noFactor], submits: [success(noFactor)] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values: { 'traits.email': 'n@b.c', method: 'profile' } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.flow?.state === 'success');
    expect(notify).toHaveBeenCalledWith({ level: 'success', message: SETTINGS_SAVED, duration: 6000 });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a TOTP code reloads the form and offers recovery codes for the first second factor', async () => {
    const { actor, loads } = startFlow(
      settingsMachine,
      { kind: 'settings' },
      { loads: [noFactor, withTotp], submits: [success(withTotp)] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values: { totp_code: '123456', method: 'totp' } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.flow === withTotp);
    expect(loads).toHaveLength(2);
    expect(loads[1].flowId).toBe('s1');
    expect(actor.getSnapshot().context.offerRecoveryCodes).toBe(true);
    actor.send({ type: 'user.continue' });
    expect(actor.getSnapshot().context.offerRecoveryCodes).toBe(false);
  });

  it('unlinking TOTP reloads the form without an offer', async () => {
    const { actor, loads } = startFlow(
      settingsMachine,
      { kind: 'settings' },
      { loads: [withTotp, noFactor], submits: [success(noFactor)] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values: { totp_unlink: 'true', method: 'totp' } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.flow === noFactor);
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.offerRecoveryCodes).toBe(false);
  });

  it('on a screen limited to webauthn/totp, success goes to /', async () => {
    const { actor, redirect } = startFlow(
      settingsMachine,
      { kind: 'settings', groups: ['webauthn'] },
      { loads: [noFactor], submits: [success(noFactor)] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values: { webauthn_register: '{}', method: 'webauthn' } });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(redirect).toHaveBeenCalledWith({ to: '/', fullLoad: true });
  });

  it('on a totp screen, the first enrolment offers recovery codes before going to /', async () => {
    const { actor, redirect } = startFlow(
      settingsMachine,
      { kind: 'settings', groups: ['totp'] },
      { loads: [noFactor, withTotp], submits: [success(withTotp)] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values: { totp_code: '123456', method: 'totp' } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.offerRecoveryCodes);
    expect(redirect).not.toHaveBeenCalled();
    actor.send({ type: 'user.continue' });
    expect(actor.getSnapshot().matches('redirecting')).toBe(true);
    expect(redirect).toHaveBeenCalledWith({ to: '/', fullLoad: true });
  });

  it('a settings change that needs a recent login redirects to the login refresh', async () => {
    const { actor, redirect } = startFlow(
      settingsMachine,
      { kind: 'settings' },
      {
        loads: [noFactor],
        submits: [
          {
            status: 403,
            body: {
              error: { id: 'session_refresh_required' },
              redirect_browser_to: '/identity/self-service/login/browser?refresh=true',
            },
          },
        ],
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values: { password: 'new', method: 'password' } });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(redirect).toHaveBeenCalledWith({
      to: '/identity/self-service/login/browser?refresh=true',
      fullLoad: true,
    });
  });

  it('without a session, settings go to /logout/', async () => {
    const { actor, redirect } = startFlow(
      settingsMachine,
      { kind: 'settings' },
      { loads: [{ status: 401, body: { error: { id: 'session_inactive' } } }] },
    );
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(redirect).toHaveBeenCalledWith({ to: '/logout/', fullLoad: true });
  });
});
