/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * What an identity flow can make the browser run: only the Kratos contract's trigger functions are called, and only
 * scripts from the console or an allow-listed origin that carry an integrity hash are loaded.
 */
import type { UiNode } from '@ory/client-fetch';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlowForm } from '../../../../../src/app/pages/account/identity/FlowForm';
import { WEBAUTHN_TRIGGERS } from '../../../../../src/app/pages/account/identity/flowScripts';
import { consoleRedirectPolicy } from '../../../../../src/identity/redirects';
import { flowOf, node } from '../identityFakes';

const policy = consoleRedirectPolicy(window.location.origin, {
  identityBase: '/identity',
  redirectOrigins: ['https://cdn.example'],
});
const SRI = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

const triggerButton = (trigger: string, label: string): UiNode =>
  node(
    'webauthn_login_trigger',
    'button',
    { value: '{"challenge":"c"}', onclickTrigger: trigger },
    'webauthn',
    {
      id: 1010008,
      text: label,
    },
  );

const script = (id: string, attributes: Record<string, unknown>): UiNode =>
  ({
    type: 'script',
    group: 'webauthn',
    attributes: {
      node_type: 'script',
      id,
      src: '/identity/.well-known/ory/webauthn.js',
      integrity: SRI,
      nonce: 'n1',
      async: true,
      crossorigin: 'anonymous',
      referrerpolicy: 'no-referrer',
      type: 'text/javascript',
      ...attributes,
    },
    messages: [],
    meta: {},
  }) as unknown as UiNode;

const renderForm = (nodes: UiNode[]) =>
  render(<FlowForm flow={flowOf('f1', nodes)} policy={policy} busy={false} onSubmit={() => {}} />);

const globals = window as unknown as Record<string, unknown>;
const originalAlert = globals.alert;
const originalEval = globals.eval;

afterEach(() => {
  for (const name of ['evilFn', 'oryWebAuthnLogin', 'orywebauthnlogin', ...WEBAUTHN_TRIGGERS])
    delete globals[name];
  globals.alert = originalAlert;
  globals.eval = originalEval;
});

describe('flow triggers', () => {
  it.each(['oryWebAuthnLogin', 'oryPasskeyLogin', 'oryPasskeySettingsRegistration'])(
    'calls the contract trigger %s with the button value',
    async (trigger) => {
      const fn = jest.fn();
      globals[trigger] = fn;
      renderForm([triggerButton(trigger, 'Use security key')]);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with a security key' }));
      expect(fn).toHaveBeenCalledWith('{"challenge":"c"}');
    },
  );

  it.each(['evilFn', 'alert', 'eval', 'constructor', '__proto__', 'oryWebAuthnLogin ', 'orywebauthnlogin'])(
    'ignores the name %j the service sends outside the contract',
    async (trigger) => {
      const fn = jest.fn();
      // Whatever the name reaches on window would be this function (prototype names are left as they are).
      if (!['constructor', '__proto__'].includes(trigger)) globals[trigger.trim()] = fn;
      renderForm([triggerButton(trigger, 'Use security key')]);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with a security key' }));
      expect(fn).not.toHaveBeenCalled();
    },
  );
});

describe('flow scripts', () => {
  afterEach(() => document.querySelectorAll('script').forEach((s) => s.remove()));

  const loaded: Array<[string, Record<string, unknown>, string]> = [
    ['same-origin path with integrity', {}, '/identity/.well-known/ory/webauthn.js'],
    ['allow-listed origin with integrity', { src: 'https://cdn.example/w.js' }, 'https://cdn.example/w.js'],
    ['several hashes', { integrity: `${SRI} sha512-abc=` }, '/identity/.well-known/ory/webauthn.js'],
  ];
  it.each(loaded)('loads a script node: %s', (_name, attributes, src) => {
    renderForm([script('s1', attributes)]);
    const el = document.getElementById('s1') as HTMLScriptElement;
    expect(el.getAttribute('src')).toBe(src);
    expect(el.integrity).toBeTruthy();
    expect(el.crossOrigin).toBe('anonymous');
    expect(el.nonce).toBe('n1');
  });

  const refused: Array<[string, Record<string, unknown>]> = [
    ['no integrity', { integrity: '' }],
    ['integrity that is not a hash', { integrity: 'trust-me' }],
    ['md5 integrity', { integrity: 'md5-abc' }],
    ['another origin', { src: 'https://evil.example/x.js' }],
    ['scheme-relative', { src: '//evil.example/x.js' }],
    ['dot segment into another host', { src: '/.//evil.example/x.js' }],
    ['javascript: source', { src: 'javascript:alert(1)' }],
    ['data: source', { src: 'data:text/javascript,alert(1)' }],
    ['a type that is not a script', { type: 'text/html' }],
  ];
  it.each(refused)('does not load a script node: %s', (_name, attributes) => {
    renderForm([script('s2', attributes)]);
    expect(document.getElementById('s2')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
