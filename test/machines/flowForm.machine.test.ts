import { waitFor } from 'xstate';
import { flowFormMachine, MAX_RESTARTS } from '../../machines/flowForm.machine';
import { recoveryMachine } from '../../machines/recovery.machine';
import { settingsMachine } from '../../machines/settings.machine';
import { signupMachine } from '../../machines/signup.machine';
import { verificationMachine } from '../../machines/verification.machine';
import { input, makeFlow, startFlow } from './support/flowHarness';

const loginFlow = makeFlow('l1', [
  input('identifier', 'text'),
  input('password', 'password', {}, 'password'),
  input('method', 'submit', { value: 'password' }, 'password'),
]);
const values = { identifier: 'ann', password: 'pw', method: 'password' };

describe('flow form machine (§4, §8)', () => {
  it('loads a new flow with the return address, or an existing one by id', async () => {
    const a = startFlow(flowFormMachine, { kind: 'login', returnTo: '/dns/proxy' }, { loads: [loginFlow] });
    await waitFor(a.actor, (s) => s.matches('ready'));
    expect(a.loads).toEqual([{ kind: 'login', flowId: undefined, returnTo: '/dns/proxy' }]);
    expect(a.actor.getSnapshot().context.flow).toBe(loginFlow);
    const b = startFlow(flowFormMachine, { kind: 'login', flowId: 'l1' }, { loads: [loginFlow] });
    await waitFor(b.actor, (s) => s.matches('ready'));
    expect(b.loads[0].flowId).toBe('l1');
  });

  it('a successful login leaves for the return address with a full load', async () => {
    const { actor, submits, redirect } = startFlow(
      flowFormMachine,
      { kind: 'login', returnTo: '/dns/proxy' },
      { loads: [loginFlow], submits: [{ type: 'complete', completion: { session: { id: 's' } } }] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(submits).toEqual([{ kind: 'login', flow: loginFlow, values }]);
    expect(redirect).toHaveBeenCalledWith({ to: '/dns/proxy', fullLoad: true });
  });

  it('validation errors (a 400 with the flow) go back to the form with the first message as a toast', async () => {
    const invalid = {
      ...loginFlow,
      ui: {
        ...loginFlow.ui,
        messages: [{ id: 4000006, text: 'invalid credentials', type: 'error' as const }],
      },
    };
    const { actor, notify } = startFlow(
      flowFormMachine,
      { kind: 'login' },
      { loads: [loginFlow], submits: [{ status: 400, body: invalid }] },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values });
    await waitFor(actor, (s) => s.matches('ready') && s.context.flow !== loginFlow);
    expect(actor.getSnapshot().context.flow).toEqual(invalid);
    expect(notify).toHaveBeenCalledWith({
      level: 'error',
      message: 'Wrong username or password.',
      duration: 4000,
    });
  });

  it.each([
    ['session_already_available', {}, '/'],
    ['session_inactive', {}, '/logout/'],
    [
      'session_aal2_required',
      { redirect_browser_to: '/identity/self-service/login/browser?aal=aal2' },
      '/identity/self-service/login/browser?aal=aal2',
    ],
    [
      'session_refresh_required',
      { redirect_browser_to: '/identity/self-service/login/browser?refresh=true' },
      '/identity/self-service/login/browser?refresh=true',
    ],
    [
      'browser_location_change_required',
      { redirect_browser_to: '/identity/self-service/methods/oidc/callback' },
      '/identity/self-service/methods/oidc/callback',
    ],
  ])('%s while loading redirects to %s', async (id, extra, to) => {
    const { actor, redirect } = startFlow(
      flowFormMachine,
      { kind: 'login' },
      { loads: [{ status: 400, body: { error: { id }, ...extra } }] },
    );
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(redirect).toHaveBeenCalledWith({ to, fullLoad: true });
  });

  it('an expired flow is replaced by the flow the service names, with a notice', async () => {
    const replacement = makeFlow('l2', [input('identifier', 'text')]);
    const { actor, loads, notify } = startFlow(
      flowFormMachine,
      { kind: 'login' },
      {
        loads: [loginFlow, replacement],
        submits: [{ status: 410, body: { error: { id: 'self_service_flow_expired' }, use_flow_id: 'l2' } }],
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values });
    await waitFor(actor, (s) => s.matches('ready') && s.context.flow?.id === 'l2');
    expect(loads[1].flowId).toBe('l2');
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ level: 'info' }));
  });

  it('a CSRF failure starts a fresh flow', async () => {
    const { actor, loads } = startFlow(
      flowFormMachine,
      { kind: 'login', flowId: 'old' },
      {
        loads: [loginFlow, makeFlow('l3', [])],
        submits: [
          { status: 403, body: { error: { id: 'security_csrf_violation', reason: 'cookie mismatch' } } },
        ],
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.submit', values });
    await waitFor(actor, (s) => s.matches('ready') && s.context.flow?.id === 'l3');
    expect(loads[1].flowId).toBeUndefined();
  });

  it('other failures show the reason for 8 s and end in the failure state; retry starts over', async () => {
    const { actor, notify, loads } = startFlow(
      flowFormMachine,
      { kind: 'login', flowId: 'x' },
      { loads: [{ status: 500, body: { error: { reason: 'database down' } } }, loginFlow] },
    );
    await waitFor(actor, (s) => s.matches('failed'));
    expect(notify).toHaveBeenCalledWith({ level: 'error', message: 'database down', duration: 8000 });
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads[1].flowId).toBeUndefined();
  });

  it('stops starting fresh flows after MAX_RESTARTS in a row (a missing service does not loop)', async () => {
    const missing = { status: 404, body: { detail: 'Not Found' } };
    const { actor, loads, notify } = startFlow(
      flowFormMachine,
      { kind: 'login' },
      { loads: [missing, missing, missing, missing] },
    );
    await waitFor(actor, (s) => s.matches('failed'));
    expect(loads).toHaveLength(MAX_RESTARTS + 1);
    expect(notify).toHaveBeenLastCalledWith({
      level: 'error',
      message: 'The identity service could not start this form. Please try again later.',
      duration: 4000,
    });
  });
});

describe('the flow machines share their building blocks', () => {
  const machines = { flowFormMachine, signupMachine, recoveryMachine, verificationMachine, settingsMachine };
  it.each(Object.entries(machines))('%s tags its states so views never compare state names', (_name, m) => {
    expect(m.states.loading.tags).toContain('loading');
    expect(m.states.handlingFailure.tags).toContain('loading');
    expect(m.states.submitting.tags).toContain('busy');
    expect(m.states.failed.tags).toContain('failed');
    expect(m.states.redirecting.tags).toContain('redirecting');
  });
  it.each(Object.entries(machines))('%s submits through the shared submitting state', (_name, m) => {
    const [invoke] = m.states.submitting.invoke;
    expect(invoke.src).toBe('submitFlow');
    expect(m.states.submitting.transitions.has('xstate.error.actor.0.' + m.id + '.submitting')).toBe(true);
  });
});
