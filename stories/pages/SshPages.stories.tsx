/** The SSH configuration and SSH password pages in each state: loading, filled, failed and with field errors. */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ConfigPage } from '../../src/app/pages/ssh/ConfigPage';
import { PasswordPage } from '../../src/app/pages/ssh/PasswordPage';
import { StoryProviders } from '../support/StoryProviders';
import { resourcesState, shellPassword, sshConfig } from './fixtures';

const meta: Meta = { title: 'Pages/SSH', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const preview = {
  files: [{ path: '/var/lib/rampart/etc/ssh/sshd_config', content: 'Port 22\nPasswordAuthentication yes\n' }],
  pending_changes: false,
  applied_at: 1_763_900_000_000,
};

const config = (state: Parameters<typeof StoryProviders>[0]['state']) => ({
  render: () => (
    <StoryProviders state={state} routes={[{ path: '*', element: <ConfigPage /> }]} path="/ssh/config" />
  ),
});

export const ConfigLoading: Story = config(
  resourcesState({}, { 'ssh/config': 'loading', 'ssh/config/preview': 'loading' }),
);
export const ConfigNoKeys: Story = config(
  resourcesState({ 'ssh/config': { ...sshConfig, authorized_keys: [] }, 'ssh/config/preview': preview }),
);
export const ConfigFilled: Story = config(
  resourcesState({
    'ssh/config': { ...sshConfig, status: { pending_changes: true, applied_at: null } },
    'ssh/config/preview': { ...preview, pending_changes: true },
  }),
);
export const ConfigLoadFailed: Story = config(
  resourcesState({}, { 'ssh/config': 'failed', 'ssh/config/preview': 'failed' }),
);
export const ConfigServerFieldError: Story = config({
  ...resourcesState({ 'ssh/config': sshConfig, 'ssh/config/preview': preview }),
  fieldErrors: { 'listen_addresses.0': 'Value is not a valid IP address.' },
});

const password = (state: Parameters<typeof StoryProviders>[0]['state']) => ({
  render: () => (
    <StoryProviders state={state} routes={[{ path: '*', element: <PasswordPage /> }]} path="/ssh/password" />
  ),
});

export const PasswordNeverChanged: Story = password(resourcesState({ 'ssh/password': shellPassword }));
export const PasswordChangedBefore: Story = password(
  resourcesState({
    'ssh/password': { username: 'admin', changed_at: 1_763_900_000_000, changed_by: 'admin' },
  }),
);
export const PasswordWrongCurrent: Story = password({
  ...resourcesState({ 'ssh/password': shellPassword }),
  fieldErrors: { current_password: 'The password is not correct.' },
});
