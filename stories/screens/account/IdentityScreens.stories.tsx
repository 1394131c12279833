import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { defaults, publicConfig } from '../../../config';
import {
  FlowErrorScreen,
  LoginFlowScreen,
  LogoutScreen,
  RecoveryScreen,
  SettingsScreen,
  SignupScreen,
  VerificationScreen,
} from '../../../src/app/pages/account/identity/IdentityScreens';
import { ScreenWithChart } from '../../../src/qa/panel/ScreenWithChart';
import { StoryProviders } from '../../support/StoryProviders';
import {
  codeFlow,
  identityActors,
  loginFlow,
  recoveryChoose,
  registrationFlow,
  secondFactorLogin,
  settingsFlow,
  settingsWithCodes,
} from './fakes';

const config = { ...publicConfig(defaults), localAuth: false };
const meta: Meta = { title: 'Screens/Account/Identity flows' };
export default meta;
type Story = StoryObj;

const at = (path: string, node: React.ReactNode) => (
  <StoryProviders path={path} state={{ config }}>
    {node}
  </StoryProviders>
);

export const LoginLoading: Story = {
  render: () =>
    at('/login/', <LoginFlowScreen title="Log in" actors={identityActors({ loads: ['pending'] })} />),
};
export const Login: Story = {
  render: () =>
    at('/login/', <LoginFlowScreen title="Log in" actors={identityActors({ loads: [loginFlow] })} />),
};
export const LoginMissingFields: Story = {
  render: () =>
    at('/login/', <LoginFlowScreen title="Log in" actors={identityActors({ loads: [loginFlow] })} />),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Log in with password' }));
    await c.findByText('Please complete all fields: Username or e-mail is missing.');
  },
};
export const LoginWrongPassword: Story = {
  render: () => {
    const rejected = {
      ...loginFlow,
      ui: {
        ...loginFlow.ui,
        messages: [{ id: 4000006, text: 'The provided credentials are invalid.', type: 'error' as const }],
      },
    };
    return at('/login/', <LoginFlowScreen title="Log in" actors={identityActors({ loads: [rejected] })} />);
  },
};
export const LoginSecondFactor: Story = {
  render: () =>
    at(
      '/login/?aal=aal2',
      <LoginFlowScreen title="Log in" actors={identityActors({ loads: [secondFactorLogin] })} />,
    ),
};
export const LoginServiceFailure: Story = {
  render: () =>
    at(
      '/login/',
      <LoginFlowScreen
        title="Log in"
        actors={identityActors({
          loads: [{ status: 500, body: { error: { reason: 'The identity database is not reachable.' } } }],
        })}
      />,
    ),
};

export const SignUp: Story = {
  render: () =>
    at('/signup/', <SignupScreen title="Sign up" actors={identityActors({ loads: [registrationFlow] })} />),
};
/** Sign-up is closed: the identity service refused the flow (Kratos' self_service_flow_disabled). */
export const SignUpClosed: Story = {
  render: () =>
    at(
      '/signup/',
      <SignupScreen
        title="Sign up"
        actors={identityActors({
          loads: [
            {
              status: 400,
              body: {
                error: {
                  id: 'self_service_flow_disabled',
                  message: 'registration flow disabled',
                  reason: 'Registration is not allowed because it was disabled.',
                },
              },
            },
          ],
        })}
      />,
    ),
};
export const SignUpValidation: Story = {
  render: () =>
    at('/signup/', <SignupScreen title="Sign up" actors={identityActors({ loads: [registrationFlow] })} />),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText(/^E-mail/), 'not-an-address');
    await userEvent.type(c.getByLabelText(/^Password/), 'short');
    await userEvent.click(c.getByRole('button', { name: 'Sign up' }));
    await c.findByText('Please accept the terms of use.');
  },
};
export const AccountCreated: Story = {
  render: () =>
    at(
      '/signup/',
      <SignupScreen
        title="Sign up"
        actors={identityActors({
          loads: [registrationFlow],
          submits: [
            {
              type: 'complete',
              completion: {
                identity: {
                  verifiable_addresses: [{ value: 'ann@example.com', verified: false, via: 'email' }],
                },
              },
            },
          ],
        })}
      />,
    ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText(/^E-mail/), 'ann@example.com');
    await userEvent.type(c.getByLabelText(/^Password/), 'A-str0ng-passphrase');
    await userEvent.click(c.getByLabelText(/I accept the/));
    await userEvent.click(c.getByRole('button', { name: 'Sign up' }));
    await c.findByText(/Your account was created/);
  },
};

export const RecoveryAddress: Story = {
  render: () =>
    at(
      '/recovery/',
      <RecoveryScreen title="Password recovery" actors={identityActors({ loads: [recoveryChoose] })} />,
    ),
};
export const RecoveryCodeSent: Story = {
  render: () =>
    at(
      '/recovery/',
      <RecoveryScreen
        title="Password recovery"
        actors={identityActors({
          loads: [recoveryChoose],
          submits: [{ type: 'flow', flow: codeFlow('recovery') }],
        })}
      />,
    ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText(/^E-mail/), 'ann@example.com{Enter}');
    await c.findByRole('button', { name: 'Continue' });
  },
};
export const RecoveryCodePromptWithCooldown: Story = {
  render: () =>
    at(
      '/recovery/',
      <RecoveryScreen
        title="Password recovery"
        actors={identityActors({
          loads: [recoveryChoose],
          submits: [{ type: 'flow', flow: codeFlow('recovery') }],
        })}
      />,
    ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText(/^E-mail/), 'ann@example.com{Enter}');
    await userEvent.click(await c.findByRole('button', { name: 'Continue' }));
    await c.findByLabelText(/^Recovery code/);
  },
};

export const VerificationCodePrompt: Story = {
  render: () =>
    at(
      '/verification/?flow=verification-2&skip_send=true',
      <VerificationScreen
        title="Verify your account"
        actors={identityActors({ loads: [codeFlow('verification')] })}
      />,
    ),
};
export const VerificationWrongCode: Story = {
  render: () => {
    const f = codeFlow('verification');
    const wrong = {
      ...f,
      ui: {
        ...f.ui,
        messages: [
          {
            id: 4070006,
            text: 'The verification code is invalid or has already been used.',
            type: 'error' as const,
          },
        ],
      },
    };
    return at(
      '/verification/?flow=verification-2',
      <VerificationScreen title="Verify your account" actors={identityActors({ loads: [wrong] })} />,
    );
  },
};

export const Settings: Story = {
  render: () =>
    at(
      '/settings/',
      <SettingsScreen title="Account settings" actors={identityActors({ loads: [settingsFlow] })} />,
    ),
};
export const SettingsTwoFactorOnly: Story = {
  render: () =>
    at(
      '/settings/?groups=totp',
      <SettingsScreen title="Account settings" actors={identityActors({ loads: [settingsFlow] })} />,
    ),
};
export const SettingsBackupCodes: Story = {
  render: () =>
    at(
      '/settings/',
      <SettingsScreen title="Account settings" actors={identityActors({ loads: [settingsWithCodes] })} />,
    ),
};

export const LoggingOut: Story = {
  render: () =>
    at('/logout/', <LogoutScreen title="Log out" actors={identityActors({ logout: 'pending' })} />),
};
export const LogoutFailed: Story = {
  render: () =>
    at(
      '/logout/',
      <LogoutScreen
        title="Log out"
        actors={identityActors({
          logout: { status: 500, body: { error: { reason: 'The session store is not reachable.' } } },
        })}
      />,
    ),
};

const storedError = (error: Record<string, unknown>) => ({
  id: '3f1b2c4d-0000-4000-8000-000000000001',
  error,
  created_at: '2026-11-23T10:00:00Z',
});
export const ErrorReturnToForbidden: Story = {
  render: () =>
    at(
      '/error/?id=3f1b2c4d-0000-4000-8000-000000000001',
      <FlowErrorScreen
        title="Something went wrong"
        actors={identityActors({
          flowError: storedError({
            id: 'self_service_flow_return_to_forbidden',
            code: 400,
            status: 'Bad Request',
            message: 'The request was malformed or contained invalid parameters',
            reason: 'Requested return_to URL "https://evil.example/" is not allowed.',
          }),
        })}
      />,
    ),
};
export const ErrorWithoutId: Story = {
  render: () =>
    at(
      '/error/?id=3f1b2c4d-0000-4000-8000-000000000002',
      <FlowErrorScreen
        title="Something went wrong"
        actors={identityActors({
          flowError: storedError({
            code: 500,
            status: 'Internal Server Error',
            message: 'The disk is full.',
          }),
        })}
      />,
    ),
};
export const ErrorUnknown: Story = {
  render: () =>
    at(
      '/error/?id=nope',
      <FlowErrorScreen
        title="Something went wrong"
        actors={identityActors({ flowError: { status: 404, body: { error: { code: 404 } } } })}
      />,
    ),
};

/** The screens beside the statechart of their own actor: the chart follows the screen, and its buttons drive it. */
export const LoginWithStatechart: Story = {
  render: () =>
    at(
      '/login/',
      <ScreenWithChart
        screen={(inspect) => (
          <LoginFlowScreen title="Log in" inspect={inspect} actors={identityActors({ loads: [loginFlow] })} />
        )}
      />,
    ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByLabelText(/^Password/);
    await expect(
      within(await c.findByRole('region', { name: 'Current state' })).getByText(/"ready"/),
    ).toBeTruthy();
  },
};
export const RecoveryWithStatechart: Story = {
  render: () =>
    at(
      '/recovery/',
      <ScreenWithChart
        screen={(inspect) => (
          <RecoveryScreen
            title="Password recovery"
            inspect={inspect}
            actors={identityActors({
              loads: [recoveryChoose],
              submits: [{ type: 'flow', flow: codeFlow('recovery') }],
            })}
          />
        )}
      />,
    ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText(/^E-mail/), 'ann@example.com{Enter}');
    await c.findByRole('button', { name: 'Continue' });
    await expect(
      within(c.getByRole('region', { name: 'Current state' })).getByText(/"codeSent"/),
    ).toBeTruthy();
  },
};
export const VerificationWithStatechart: Story = {
  render: () =>
    at(
      '/verification/?flow=verification-2&skip_send=true',
      <ScreenWithChart
        screen={(inspect) => (
          <VerificationScreen
            title="Verify your account"
            inspect={inspect}
            actors={identityActors({ loads: [codeFlow('verification')] })}
          />
        )}
      />,
    ),
};
export const SettingsWithStatechart: Story = {
  render: () =>
    at(
      '/settings/',
      <ScreenWithChart
        screen={(inspect) => (
          <SettingsScreen
            title="Account settings"
            inspect={inspect}
            actors={identityActors({ loads: [settingsFlow] })}
          />
        )}
      />,
    ),
};
