/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import {
  LoginFlowScreen,
  LogoutScreen,
  RecoveryScreen,
  SettingsScreen,
  SignupScreen,
  VerificationScreen,
} from '../../../../src/app/pages/account/identity/IdentityScreens';
import { fakeActors, flowOf, node } from './identityFakes';
import { renderScreen } from './support';

const L = (id: number, text: string) => ({ id, text });

describe('identity login screen', () => {
  const login = flowOf('l1', [
    node('identifier', 'text', { required: true }, 'default', L(1070004, 'ID')),
    node('password', 'password', { required: true }, 'password', L(1070001, 'Password')),
    node('method', 'submit', { value: 'password' }, 'password', L(1010022, 'Sign in with password')),
  ]);
  login.ui.nodes.push({
    ...node('provider', 'submit', { value: 'github' }, 'oidc'),
    meta: {
      label: { id: 1010002, text: 'Sign in with github', type: 'info', context: { provider: 'GitHub' } },
    },
  });

  it('renders the nodes with labels, validates required fields, submits the values and leaves for return_to', async () => {
    const { actors, submits, loads } = fakeActors({
      loads: [login],
      submits: [{ type: 'complete', completion: { session: { id: 's' } } }],
    });
    const { user, loads: pages } = renderScreen(<LoginFlowScreen title="Log in" actors={actors} />, {
      path: '/login/?return_to=%2Fhelp',
    });
    const id = await screen.findByLabelText(/Username or e-mail/);
    await user.click(screen.getByRole('button', { name: 'Log in with password' }));
    expect(
      await screen.findByText('Please complete all fields: Username or e-mail is missing.'),
    ).toBeInTheDocument();
    expect(submits).toHaveLength(0);
    await user.type(id, 'ann@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'pw{Enter}');
    await waitFor(() => expect(pages).toEqual(['/help']));
    expect(loads[0]).toEqual({ kind: 'login', flowId: undefined, returnTo: '/help' });
    expect(submits[0].values).toEqual({
      csrf_token: 'csrf',
      identifier: 'ann@example.com',
      password: 'pw',
      method: 'password',
    });
  });

  it.each([
    ['login', '/login/?token=t0k', LoginFlowScreen],
    ['registration', '/signup/?token=t0k', SignupScreen],
    ['recovery', '/recovery/?token=t0k', RecoveryScreen],
    ['verification', '/verification/?token=t0k', VerificationScreen],
    ['settings', '/settings/?token=t0k', SettingsScreen],
  ] as const)(
    'hands a token query parameter to the %s flow load (spec §7 bearer)',
    async (kind, path, Screen) => {
      const { actors, loads } = fakeActors({ loads: [login] });
      renderScreen(<Screen title="t" actors={actors} />, { path });
      await waitFor(() => expect(loads).toHaveLength(1));
      expect(loads[0]).toMatchObject({ kind, token: 't0k' });
    },
  );

  it('when the identifier must be an e-mail, the password step stays hidden until it is valid (§4)', async () => {
    const emailLogin = flowOf('l2', [
      node('identifier', 'email', { required: true }, 'default', L(1070007, 'Email')),
      node('password', 'password', { required: true }, 'password', L(1070001, 'Password')),
      node('method', 'submit', { value: 'password' }, 'password', L(1010022, 'Sign in with password')),
    ]);
    const { actors } = fakeActors({ loads: [emailLogin] });
    const { user } = renderScreen(<LoginFlowScreen title="Log in" actors={actors} />, { path: '/login/' });
    const id = await screen.findByLabelText(/^E-mail/);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.type(id, 'ann@exa');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.type(id, 'mple.com');
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
  });

  it('provider buttons are a plain form post to the flow action with the CSRF token (the service sends the browser on)', async () => {
    const { actors, submits } = fakeActors({ loads: [login] });
    renderScreen(<LoginFlowScreen title="Log in" actors={actors} />, { path: '/login/' });
    const button = await screen.findByRole('button', { name: 'Log in with GitHub' });
    expect(button).toHaveAttribute('name', 'provider');
    expect(button).toHaveAttribute('value', 'github');
    const form = screen.getByRole('form', { name: 'Other ways to log in' });
    expect(form).toContainElement(button);
    expect(form).toHaveAttribute('action', '/identity/self-service/x?flow=l1');
    expect(form).toHaveAttribute('method', 'POST');
    expect(form.querySelector('input[name="csrf_token"]')).toHaveValue('csrf');
    expect(submits).toHaveLength(0);
  });

  it('provider buttons are not offered when the flow action points elsewhere', async () => {
    const foreign = { ...login, ui: { ...login.ui, action: 'https://evil.example/self-service/login' } };
    const { actors } = fakeActors({ loads: [foreign] });
    renderScreen(<LoginFlowScreen title="Log in" actors={actors} />, { path: '/login/' });
    await screen.findByLabelText(/Username or e-mail/);
    expect(screen.queryByRole('button', { name: 'Log in with GitHub' })).toBeNull();
  });

  it('refuses a foreign redirect_browser_to', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { actors } = fakeActors({
      loads: [
        {
          status: 403,
          body: { error: { id: 'session_aal2_required' }, redirect_browser_to: 'https://evil.example/' },
        },
      ],
    });
    const { loads: pages } = renderScreen(<LoginFlowScreen title="Log in" actors={actors} />, {
      path: '/login/',
    });
    await waitFor(() => expect(pages).toEqual(['/']));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('shows the failure state with a retry', async () => {
    const { actors } = fakeActors({
      loads: [{ status: 500, body: { error: { reason: 'database down' } } }, login],
    });
    const { user, toasts } = renderScreen(<LoginFlowScreen title="Log in" actors={actors} />, {
      path: '/login/',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('database down');
    expect(toasts()).toEqual([{ level: 'error', message: 'database down', duration: 8000 }]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/Username or e-mail/)).toBeInTheDocument();
  });
});

describe('sign-up screen', () => {
  const registration = flowOf('r1', [
    node('traits.email', 'email', { required: true, autocomplete: 'email' }, 'default', L(1070007, 'E-Mail')),
    node('traits.department', 'text', {}, 'default', L(0, 'Department')),
    node(
      'password',
      'password',
      { required: true, autocomplete: 'new-password' },
      'password',
      L(1070001, 'Password'),
    ),
    node('method', 'submit', { value: 'password' }, 'password', L(1040001, 'Sign up')),
  ]);

  it('needs a valid e-mail and the accepted terms, shows the strength, then the account-created screen', async () => {
    const completion = {
      identity: { verifiable_addresses: [{ value: 'ann@example.com', verified: false, via: 'email' }] },
      continue_with: [
        { action: 'show_verification_ui', flow: { id: 'ver-9', verifiable_address: 'ann@example.com' } },
      ],
    };
    const { actors, submits } = fakeActors({
      loads: [registration],
      submits: [{ type: 'complete', completion }],
    });
    const { user, router } = renderScreen(<SignupScreen title="Sign up" actors={actors} />, {
      path: '/signup/',
    });
    await user.type(await screen.findByLabelText(/^E-mail/), 'not-an-address');
    // Nothing typed yet: the meter is a neutral hint, not a red verdict.
    const hint = screen.getByText('Strength shows as you type');
    expect(hint.closest('.strength')).toHaveClass('strength--empty');
    expect(hint.closest('.strength')).not.toHaveClass('strength--weak');
    expect(screen.queryByText(/Password strength: (—|Weak)/)).toBeNull();
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    expect(screen.getByText('Password strength: Weak').closest('.strength')).toHaveClass('strength--weak');
    expect(screen.queryByText('Strength shows as you type')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms of use.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute('target', '_blank');
    await user.clear(screen.getByLabelText(/^E-mail/));
    await user.type(screen.getByLabelText(/^E-mail/), 'ann@example.com');
    await user.type(screen.getByLabelText('Department'), 'ops');
    await user.type(screen.getByLabelText(/^Password/), 'DEFGH12!@#x');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/Your account was created/)).toHaveTextContent('ann@example.com');
    expect(submits[0].values).toEqual({
      csrf_token: 'csrf',
      'traits.email': 'ann@example.com',
      'traits.department': 'ops',
      password: 'abcDEFGH12!@#x',
      method: 'password',
    });
    expect(screen.getByRole('link', { name: 'Enter the code from the e-mail' })).toHaveAttribute(
      'href',
      '/verification/?flow=ver-9&email=ann%40example.com&skip_send=true',
    );
    await user.click(screen.getByRole('link', { name: 'Send the link again' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/verification/?email=ann%40example.com',
    );
  });

  it('has no detectable accessibility violations', async () => {
    const { actors } = fakeActors({ loads: [registration] });
    const { container } = renderScreen(<SignupScreen title="Sign up" actors={actors} />, {
      path: '/signup/',
    });
    await screen.findByLabelText(/^E-mail/);
    expect((await axe(container)).violations).toEqual([]);
  });

  it('shows the field messages of a rejected sign-up', async () => {
    const rejected = structuredCloneish(registration);
    rejected.ui.nodes[3].messages = [
      {
        id: 4000005,
        text: 'The password can not be used because too short.',
        type: 'error',
        context: { reason: 'it is too short' },
      },
    ];
    const { actors } = fakeActors({ loads: [registration], submits: [{ status: 400, body: rejected }] });
    const { user } = renderScreen(<SignupScreen title="Sign up" actors={actors} />, { path: '/signup/' });
    await user.type(await screen.findByLabelText(/^E-mail/), 'a@b.co');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This password cannot be used: it is too short.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
  });
});

function structuredCloneish<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

describe('recovery screen', () => {
  const choose = flowOf(
    'rc',
    [
      node('email', 'email', { required: true }, 'code', L(1070007, 'Email')),
      node('method', 'submit', { value: 'code' }, 'code', L(1070009, 'Continue')),
    ],
    { state: 'choose_method' },
  );
  const sent = flowOf(
    'rc',
    [
      node(
        'code',
        'text',
        { required: true, autocomplete: 'one-time-code' },
        'code',
        L(1070010, 'Recovery code'),
      ),
      node('method', 'hidden', { value: 'code' }, 'code'),
      node('method', 'submit', { value: 'code' }, 'code', L(1070009, 'Continue')),
      node('email', 'submit', { value: 'ann@example.com' }, 'code', L(1070008, 'Resend code')),
    ],
    { state: 'sent_email' },
  );
  sent.ui.messages = [
    { id: 1060003, text: 'An email containing a recovery code has been sent', type: 'info' },
  ];

  it('the address step has one field and a Recover button (spec §2)', async () => {
    const { actors } = fakeActors({ loads: [choose] });
    renderScreen(<RecoveryScreen title="Password recovery" actors={actors} />, { path: '/recovery/' });
    expect(await screen.findByRole('button', { name: 'Recover' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
  });

  it('sends the address, shows the code-sent notice, Continue shows the code prompt with the resend cooldown', async () => {
    const { actors, submits } = fakeActors({ loads: [choose], submits: [{ type: 'flow', flow: sent }] });
    const { user } = renderScreen(<RecoveryScreen title="Password recovery" actors={actors} />, {
      path: '/recovery/',
    });
    await user.type(await screen.findByLabelText(/^E-mail/), 'ann@example.com{Enter}');
    expect(await screen.findByText(/recovery code has been sent/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/^Recovery code/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(screen.getByText(/You can resend the code in \d+ s\./)).toBeInTheDocument();
    expect(submits[0].values).toEqual({ csrf_token: 'csrf', email: 'ann@example.com', method: 'code' });
  });
});

describe('verification screen', () => {
  const sent = flowOf(
    'v1',
    [
      node('code', 'text', { required: true }, 'code', L(1070011, 'Verification code')),
      node('method', 'submit', { value: 'code' }, 'code', L(1070009, 'Continue')),
    ],
    { state: 'sent_email' },
  );
  const passed = flowOf('v1', [], { state: 'passed_challenge' });
  passed.ui.messages = [
    { id: 1080002, text: 'You successfully verified your email address.', type: 'success' },
  ];

  it('auto-submits a prefilled code; passed_challenge shows the message and goes to /', async () => {
    const { actors, submits } = fakeActors({ loads: [sent], submits: [{ type: 'flow', flow: passed }] });
    const { router, toasts } = renderScreen(
      <VerificationScreen title="Verify your account" actors={actors} />,
      { path: '/verification/?flow=v1&code=123456' },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(submits[0].values).toEqual({ method: 'code', code: '123456' });
    expect(toasts()).toEqual([
      { level: 'success', message: 'Your e-mail address is verified.', duration: 6000 },
    ]);
  });

  it('skip_send alone (no flow, no e-mail) shows the code prompt without sending', async () => {
    const fresh = flowOf(
      'v2',
      [
        node('email', 'email', { required: true }, 'code', L(1070007, 'E-mail')),
        node('method', 'submit', { value: 'code' }, 'code', L(1070009, 'Continue')),
      ],
      { state: 'choose_method' },
    );
    const { actors, submits } = fakeActors({ loads: [fresh] });
    renderScreen(<VerificationScreen title="Verify your account" actors={actors} />, {
      path: '/verification/?skip_send=true',
    });
    expect(await screen.findByLabelText(/^Verification code/)).toBeInTheDocument();
    expect(submits).toHaveLength(0);
  });

  it('without skip_send a fresh flow asks for the address only', async () => {
    const fresh = flowOf(
      'v3',
      [
        node('email', 'email', { required: true }, 'code', L(1070007, 'E-mail')),
        node('method', 'submit', { value: 'code' }, 'code', L(1070009, 'Continue')),
      ],
      { state: 'choose_method' },
    );
    const { actors } = fakeActors({ loads: [fresh] });
    renderScreen(<VerificationScreen title="Verify your account" actors={actors} />, {
      path: '/verification/',
    });
    expect(await screen.findByLabelText(/^E-mail/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Verification code/)).not.toBeInTheDocument();
  });

  it('skip_send shows the code prompt without sending', async () => {
    const { actors, submits } = fakeActors({ loads: [sent] });
    renderScreen(<VerificationScreen title="Verify your account" actors={actors} />, {
      path: '/verification/?flow=v1&email=a%40b.c&skip_send=true',
    });
    expect(await screen.findByLabelText(/^Verification code/)).toBeInTheDocument();
    expect(submits).toHaveLength(0);
  });
});

describe('settings screen', () => {
  it('names a new security key "My security key" unless the user names it (spec §5)', async () => {
    const keys = flowOf('s2', [
      node('webauthn_register_displayname', 'text', { value: '' }, 'webauthn', L(1050013, 'Name')),
      node('webauthn_register_trigger', 'button', { value: '' }, 'webauthn', L(1050012, 'Add')),
    ]);
    const { actors } = fakeActors({ loads: [keys] });
    renderScreen(<SettingsScreen title="Account settings" actors={actors} />, { path: '/settings/' });
    expect(await screen.findByLabelText(/Name of the security key/)).toHaveValue('My security key');
  });

  const settings = flowOf('s1', [
    node('traits.email', 'email', { value: 'ann@example.com' }, 'profile', L(1070007, 'E-Mail')),
    node('method', 'submit', { value: 'profile' }, 'profile', L(1070003, 'Save')),
    {
      type: 'img',
      group: 'totp',
      attributes: {
        node_type: 'img',
        src: 'data:image/png;base64,AAAA',
        id: 'totp_qr',
        width: 256,
        height: 256,
      },
      messages: [],
      meta: { label: { id: 1050005, text: 'Authenticator app QR code', type: 'info' } },
    } as never,
    {
      type: 'text',
      group: 'totp',
      attributes: {
        node_type: 'text',
        id: 'totp_secret_key',
        text: { id: 1050006, text: 'JBSWY3DPEHPK3PXP', type: 'info' },
      },
      messages: [],
      meta: { label: { id: 1050017, text: 'secret', type: 'info' } },
    } as never,
    node('totp_code', 'text', { required: true }, 'totp', L(1070006, 'Verify code')),
    node('method', 'submit', { value: 'totp' }, 'totp', L(1070003, 'Save')),
    {
      type: 'script',
      group: 'webauthn',
      attributes: {
        node_type: 'script',
        src: '/identity/.well-known/ory/webauthn.js',
        id: 'webauthn_script',
        integrity: 'sha512-abc',
        nonce: 'n1',
        async: true,
        crossorigin: 'anonymous',
        referrerpolicy: 'no-referrer',
        type: 'text/javascript',
      },
      messages: [],
      meta: {},
    } as never,
    {
      type: 'script',
      group: 'webauthn',
      attributes: {
        node_type: 'script',
        src: 'https://evil.example/x.js',
        id: 'evil_script',
        integrity: '',
        nonce: '',
        async: true,
        crossorigin: '',
        referrerpolicy: '',
        type: '',
      },
      messages: [],
      meta: {},
    } as never,
  ]);

  it('renders groups as labelled sections with the QR image, the secret and the scripts (allowed origins only)', async () => {
    const { actors } = fakeActors({ loads: [settings] });
    const { container } = renderScreen(<SettingsScreen title="Account settings" actors={actors} />, {
      path: '/settings/',
    });
    expect(await screen.findByRole('group', { name: 'Authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Authenticator app QR code' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const script = document.getElementById('webauthn_script') as HTMLScriptElement;
    expect(script.getAttribute('src')).toBe('/identity/.well-known/ory/webauthn.js');
    expect(script.integrity).toBe('sha512-abc');
    expect(script.nonce).toBe('n1');
    expect(document.getElementById('evil_script')).toBeNull();
    expect((await axe(container)).violations).toEqual([]);
  });

  it('a profile save shows the settings-saved toast; only the profile section is validated', async () => {
    const { actors, submits } = fakeActors({
      loads: [settings],
      submits: [{ type: 'flow', flow: { ...settings, state: 'success' } }],
    });
    const { user, toasts } = renderScreen(<SettingsScreen title="Account settings" actors={actors} />, {
      path: '/settings/',
    });
    const profile = await screen.findByRole('group', { name: 'Profile' });
    await user.click(profile.querySelector('button') as HTMLButtonElement);
    await waitFor(() =>
      expect(toasts()).toEqual([
        { level: 'success', message: 'Your settings have been saved.', duration: 6000 },
      ]),
    );
    expect(submits[0].values).toMatchObject({ 'traits.email': 'ann@example.com', method: 'profile' });
  });

  it('a saved new password does not stay in the form', async () => {
    const withPassword = flowOf('s1', [
      node('password', 'password', { required: true }, 'password', L(1070001, 'Password')),
      node('method', 'submit', { value: 'password' }, 'password', L(1070003, 'Save')),
    ]);
    const { actors, submits } = fakeActors({
      loads: [withPassword],
      submits: [{ type: 'flow', flow: { ...withPassword, state: 'success' } }],
    });
    const { user, toasts } = renderScreen(<SettingsScreen title="Account settings" actors={actors} />, {
      path: '/settings/',
    });
    const section = await screen.findByRole('group', { name: 'Password' });
    const field = within(section).getByLabelText(/^Password/);
    await user.type(field, 'Quiet-Meadow-Compass-83');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(submits[0].values).toMatchObject({ password: 'Quiet-Meadow-Compass-83', method: 'password' });
    await waitFor(() => expect(within(section).getByLabelText(/^Password/)).toHaveValue(''));
  });

  it('backup recovery codes: a regenerate button sends a boolean, and the codes are listed', async () => {
    const codes = flowOf('s1', [
      node(
        'lookup_secret_regenerate',
        'submit',
        { value: true },
        'lookup_secret',
        L(1050008, 'Generate new backup recovery codes'),
      ),
    ]);
    const withCodes = flowOf('s1', [
      {
        type: 'text',
        group: 'lookup_secret',
        attributes: {
          node_type: 'text',
          id: 'lookup_secret_codes',
          text: {
            id: 1050015,
            text: 'abcd1234, efgh5678',
            type: 'info',
            context: {
              secrets: [
                { id: 1050009, text: 'abcd1234', type: 'info' },
                { id: 1050009, text: 'efgh5678', type: 'info' },
              ],
            },
          },
        },
        messages: [],
        meta: { label: { id: 1050010, text: 'These are your back up recovery codes.', type: 'info' } },
      } as never,
      node(
        'lookup_secret_confirm',
        'submit',
        { value: true },
        'lookup_secret',
        L(1050011, 'Confirm backup recovery codes'),
      ),
    ]);
    const { actors, submits } = fakeActors({
      loads: [codes],
      submits: [{ type: 'flow', flow: { ...withCodes, state: 'success' } }],
    });
    const { user } = renderScreen(<SettingsScreen title="Account settings" actors={actors} />, {
      path: '/settings/',
    });
    await user.click(await screen.findByRole('button', { name: 'Generate new backup recovery codes' }));
    expect(await screen.findByText('abcd1234')).toBeInTheDocument();
    expect(screen.getByText('efgh5678')).toBeInTheDocument();
    expect(
      screen.getByText('These are your backup recovery codes. Keep them in a safe place.'),
    ).toBeInTheDocument();
    expect(submits[0].values).toEqual({ csrf_token: 'csrf', lookup_secret_regenerate: true });
  });

  it('offers backup recovery codes once the first second factor is enrolled, and the offer can be dismissed', async () => {
    const before = flowOf('s1', [
      node('totp_code', 'text', { required: true }, 'totp', L(1070006, 'Verify code')),
      node('method', 'submit', { value: 'totp' }, 'totp', L(1070003, 'Save')),
      node(
        'lookup_secret_regenerate',
        'submit',
        { value: true },
        'lookup_secret',
        L(1050008, 'Generate new backup recovery codes'),
      ),
    ]);
    const after = flowOf('s1', [
      node('totp_unlink', 'submit', { value: true }, 'totp', L(1050004, 'Unlink TOTP Authenticator App')),
      node(
        'lookup_secret_regenerate',
        'submit',
        { value: true },
        'lookup_secret',
        L(1050008, 'Generate new backup recovery codes'),
      ),
    ]);
    const { actors, submits, loads } = fakeActors({
      loads: [before, after],
      submits: [{ type: 'flow', flow: { ...after, state: 'success' } }],
    });
    const { user } = renderScreen(<SettingsScreen title="Account settings" actors={actors} />, {
      path: '/settings/',
    });
    await user.type(await screen.findByLabelText(/^Verify code/), '123456{Enter}');
    expect(await screen.findByText(/Generate backup recovery codes now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink the authenticator app' })).toBeInTheDocument();
    expect(submits[0].values).toEqual({ csrf_token: 'csrf', totp_code: '123456', method: 'totp' });
    expect(loads).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(/Generate backup recovery codes now/)).toBeNull();
  });

  it('limits the form to the groups of the query', async () => {
    const { actors } = fakeActors({ loads: [settings] });
    renderScreen(<SettingsScreen title="Account settings" actors={actors} />, {
      path: '/settings/?groups=totp',
    });
    expect(await screen.findByRole('group', { name: 'Authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Profile' })).toBeNull();
  });
});

describe('logout screen', () => {
  it('clears session storage and loads the logout URL', async () => {
    window.sessionStorage.setItem('k', 'v');
    const { actors } = fakeActors({ logout: { logout_url: '/identity/self-service/logout?token=t' } });
    const { loads } = renderScreen(<LogoutScreen title="Log out" actors={actors} />, { path: '/logout/' });
    await waitFor(() => expect(loads).toEqual(['/identity/self-service/logout?token=t']));
    expect(window.sessionStorage.getItem('k')).toBeNull();
  });

  it('segue=verification with an e-mail goes to verification', async () => {
    const { actors } = fakeActors({});
    const { router } = renderScreen(<LogoutScreen title="Log out" actors={actors} />, {
      path: '/logout/?segue=verification&email=a%40b.c',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/'));
    expect(router.state.location.search).toBe('?email=a%40b.c');
  });
});
