import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { defaults, publicConfig } from '../../../config';
import { LocalLoginScreen } from '../../../src/app/pages/account/LocalLoginScreen';
import { ScreenWithChart } from '../../../src/qa/panel/ScreenWithChart';
import { StoryProviders } from '../../support/StoryProviders';
import { localAuthApi, unauthorized } from './fakes';

const config = publicConfig(defaults);
const formOnly = { login_methods: [{ type: 'form_login' }] };
const withProviders = {
  login_methods: [
    { type: 'form_login' },
    { type: 'oauth', provider: 'google', login_url: '/api/auth/oauth/google' },
    { type: 'oauth', provider: 'azure', login_url: '/api/auth/oauth/azure' },
  ],
};

const meta: Meta<typeof LocalLoginScreen> = {
  title: 'Screens/Account/Local login',
  component: LocalLoginScreen,
};
export default meta;
type Story = StoryObj<typeof LocalLoginScreen>;

const screen = (setup: unknown, answers: unknown[] = []) => (
  <StoryProviders path="/account/login" state={{ config }} api={localAuthApi(setup, answers)}>
    <LocalLoginScreen title="Log in" />
  </StoryProviders>
);

export const UsernameStep: Story = { render: () => screen(formOnly) };

export const EmptyUsername: Story = {
  render: () => screen(formOnly),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Next' }));
    await expect(await c.findByRole('alert')).toHaveTextContent('Please enter your username.');
  },
};

export const PasswordStep: Story = {
  render: () => screen(formOnly),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('Username'), 'admin{Enter}');
    await c.findByLabelText('Password');
  },
};

export const OneTimeCodeStep: Story = {
  render: () => screen(formOnly, [unauthorized(3)]),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('Username'), 'admin{Enter}');
    await userEvent.type(await c.findByLabelText('Password'), 'secret{Enter}');
    await c.findByLabelText('One-time code');
  },
};

export const InvalidOneTimeCode: Story = {
  render: () => screen(formOnly, [unauthorized(3), unauthorized(2)]),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('Username'), 'admin{Enter}');
    await userEvent.type(await c.findByLabelText('Password'), 'secret{Enter}');
    await userEvent.type(await c.findByLabelText('One-time code'), '000000{Enter}');
    await c.findByText('The one-time code is not valid. Please try again.');
  },
};

export const WrongCredentials: Story = {
  render: () => screen(formOnly, [unauthorized(1)]),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('Username'), 'admin{Enter}');
    await userEvent.type(await c.findByLabelText('Password'), 'wrong{Enter}');
    await c.findByText('Wrong username or password.');
  },
};

export const LoggingIn: Story = {
  render: () => screen(formOnly, []),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('Username'), 'admin{Enter}');
    await userEvent.type(await c.findByLabelText('Password'), 'secret{Enter}');
    await c.findByRole('button', { name: 'Logging in…' });
  },
};

export const ProviderButtons: Story = { render: () => screen(withProviders) };

export const OfflineWithCustomLook: Story = {
  render: () =>
    screen({
      ...withProviders,
      isOffline: true,
      login_title: 'ACME branch office',
      login_logo:
        'data:image/svg+xml;base64,' +
        btoa(
          '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#196ecd"/></svg>',
        ),
    }),
};

/** The screen beside the statechart of its own actor: the chart follows the steps. */
export const WithStatechart: Story = {
  render: () => (
    <StoryProviders path="/account/login" state={{ config }} api={localAuthApi(formOnly, [])}>
      <ScreenWithChart screen={(inspect) => <LocalLoginScreen title="Log in" inspect={inspect} />} />
    </StoryProviders>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('Username'), 'admin{Enter}');
    await c.findByLabelText('Password');
    await expect(
      within(c.getByRole('region', { name: 'Current state' })).getByText(/"password"/),
    ).toBeTruthy();
  },
};
