import type { UiContainer, UiNode } from '@ory/client-fetch';
import {
  buildBody,
  classifyFailure,
  completionTarget,
  flowErrors,
  initialValues,
  shouldOfferRecoveryCodes,
  type IdentityFlow,
} from '../../src/identity/flow';

const input = (name: string, type: string, extra: Record<string, unknown> = {}, group = 'default'): UiNode =>
  ({
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, disabled: false, ...extra },
    messages: [],
    meta: {},
  }) as unknown as UiNode;

const ui = (nodes: UiNode[], messages: UiContainer['messages'] = []): UiContainer => ({
  action: '/identity/self-service/registration?flow=f',
  method: 'POST',
  nodes,
  messages,
});
const flow = (nodes: UiNode[], extra: Partial<IdentityFlow> = {}): IdentityFlow => ({
  id: 'f1',
  ui: ui(nodes),
  ...extra,
});

describe('flow values', () => {
  const nodes = [
    input('csrf_token', 'hidden', { value: 'tok' }),
    input('traits.email', 'email', { value: 'a@b.c' }),
    input('traits.newsletter', 'checkbox'),
    input('password', 'password', {}, 'password'),
    input('method', 'submit', { value: 'password' }, 'password'),
  ];

  it('reads initial values from inputs, leaving out buttons', () => {
    expect(initialValues(nodes)).toEqual({
      csrf_token: 'tok',
      'traits.email': 'a@b.c',
      'traits.newsletter': false,
      password: '',
    });
  });

  it('nests dotted names, adds the clicked submit, the CSRF token and traits.newsletter=false when missing', () => {
    expect(
      buildBody(
        ui(nodes),
        { 'traits.email': 'x@y.z', password: 'pw' },
        { name: 'method', value: 'password' },
      ),
    ).toEqual({
      traits: { email: 'x@y.z', newsletter: false },
      password: 'pw',
      method: 'password',
      csrf_token: 'tok',
    });
  });

  it('keeps a ticked newsletter and never writes prototype keys', () => {
    const body = buildBody(ui(nodes), {
      'traits.newsletter': true,
      '__proto__.polluted': 'x',
      'constructor.prototype.p': 'y',
    });
    expect(body.traits).toEqual({ newsletter: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(body)).toEqual(['traits', 'csrf_token']);
  });

  it('does not invent traits.newsletter for flows without it', () => {
    expect(buildBody(ui([input('email', 'email')]), { email: 'a@b.c', method: 'code' })).toEqual({
      email: 'a@b.c',
      method: 'code',
    });
  });

  it('collects flow and field errors in the console wording', () => {
    const n = input('password', 'password');
    n.messages = [
      {
        id: 4000005,
        text: 'The password can not be used because it is too short.',
        type: 'error',
        context: { reason: 'it is too short' },
      },
    ];
    expect(flowErrors(ui([n], [{ id: 4000006, text: 'invalid', type: 'error' }]))).toEqual([
      'Wrong username or password.',
      'This password cannot be used: it is too short.',
    ]);
  });
});

describe('failure classification (§4, §8)', () => {
  const err = (status: number, body: unknown) => ({ status, body });
  it.each([
    ['session_already_available', 'login', { type: 'redirect', to: '/' }],
    ['session_inactive', 'settings', { type: 'redirect', to: '/logout/' }],
    ['session_inactive', 'logout', { type: 'redirect', to: '/login/' }],
    [
      'self_service_flow_disabled',
      'registration',
      {
        type: 'failed',
        id: 'self_service_flow_disabled',
        message: 'Sign-up is closed: new accounts are not created here.',
        duration: 4000,
      },
    ],
  ] as const)('%s on %s', (id, kind, expected) => {
    expect(classifyFailure(err(400, { error: { id } }), kind)).toEqual(expected);
  });

  it.each(['session_aal2_required', 'session_refresh_required', 'browser_location_change_required'])(
    '%s redirects to redirect_browser_to',
    (id) => {
      expect(
        classifyFailure(
          err(403, { error: { id }, redirect_browser_to: '/identity/self-service/login/browser?aal=aal2' }),
          'settings',
        ),
      ).toEqual({
        type: 'redirect',
        to: '/identity/self-service/login/browser?aal=aal2',
      });
    },
  );

  it('restarts an expired flow with its replacement and a CSRF failure with a new flow', () => {
    expect(
      classifyFailure(err(410, { error: { id: 'self_service_flow_expired' }, use_flow_id: 'new' }), 'login'),
    ).toMatchObject({ type: 'restart', flowId: 'new' });
    expect(
      classifyFailure(err(403, { error: { id: 'security_csrf_violation', reason: 'x' } }), 'login'),
    ).toEqual({ type: 'restart', message: expect.stringContaining('reloaded') });
  });

  it('a validation answer (the whole flow) goes back to the form', () => {
    const f = flow([input('identifier', 'text')]);
    expect(classifyFailure(err(400, f), 'login')).toEqual({ type: 'flow', flow: f });
  });

  it('otherwise shows the reason for 8 s, the message for 4 s, or a generic text', () => {
    expect(
      classifyFailure(err(500, { error: { id: 'x', reason: 'disk full', message: 'm' } }), 'login'),
    ).toEqual({ type: 'failed', message: 'disk full', duration: 8000 });
    expect(classifyFailure(err(500, { error: { message: 'internal' } }), 'login')).toEqual({
      type: 'failed',
      message: 'internal',
      duration: 4000,
    });
    expect(classifyFailure(err(502, 'bad gateway'), 'login')).toMatchObject({
      type: 'failed',
      duration: 4000,
    });
    expect(classifyFailure(err(0, null), 'login')).toMatchObject({
      type: 'failed',
      message: expect.stringContaining('could not be reached'),
    });
    expect(classifyFailure(new Error('boom'), 'login')).toMatchObject({ type: 'failed' });
  });

  it('an AAL2 error without an address is a failure, not a redirect', () => {
    expect(
      classifyFailure(err(403, { error: { id: 'session_aal2_required', reason: 'needs 2FA' } }), 'settings'),
    ).toEqual({ type: 'failed', message: 'needs 2FA', duration: 8000 });
  });
});

describe('after completion', () => {
  it('prefers a continue-with redirect, then the flow return_to, then the page return_to, then /', () => {
    expect(
      completionTarget(
        { continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: '/a' } as never] },
        flow([], { return_to: '/b' }),
        '/c',
      ),
    ).toBe('/a');
    expect(completionTarget({}, flow([], { return_to: '/b' }), '/c')).toBe('/b');
    expect(completionTarget({}, flow([]), '/c')).toBe('/c');
    expect(completionTarget(null, null, undefined)).toBe('/');
  });
});

describe('recovery codes offer', () => {
  const before = ui([
    input('totp_code', 'text', {}, 'totp'),
    input('lookup_secret_regenerate', 'submit', { value: 'true' }, 'lookup_secret'),
  ]);
  const after = ui([
    input('totp_unlink', 'submit', { value: 'true' }, 'totp'),
    input('lookup_secret_regenerate', 'submit', { value: 'true' }, 'lookup_secret'),
  ]);
  it('is made when the first second factor was just enrolled and no codes exist', () => {
    expect(shouldOfferRecoveryCodes(before, after)).toBe(true);
  });
  it('is not made when a factor existed already, none was enrolled, or codes exist', () => {
    expect(shouldOfferRecoveryCodes(after, after)).toBe(false);
    expect(shouldOfferRecoveryCodes(before, before)).toBe(false);
    const withCodes = ui([
      ...after.nodes,
      input('lookup_secret_reveal', 'submit', { value: 'true' }, 'lookup_secret'),
    ]);
    expect(shouldOfferRecoveryCodes(before, withCodes)).toBe(false);
  });
});
