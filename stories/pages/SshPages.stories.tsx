/** The SSH configuration and SSH password pages in each state: loading, filled, failed and with field errors. */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { NotificationCenter } from '../../src/notifications/NotificationCenter';
import { ConfigPage } from '../../src/app/pages/ssh/ConfigPage';
import { PasswordPage } from '../../src/app/pages/ssh/PasswordPage';
import { confirmationKept, confirmationReverted } from '../../src/store/slices/confirmations.actions';
import { StoryProviders } from '../support/StoryProviders';
import { resourcesState, shellPassword, sshConfig, sshService } from './fixtures';

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
  resourcesState({}, { 'ssh/config': 'loading', 'ssh/config/preview': 'loading', 'ssh/service': 'loading' }),
);
export const ConfigNoKeys: Story = config(
  resourcesState({
    'ssh/config': { ...sshConfig, authorized_keys: [] },
    'ssh/config/preview': preview,
    'ssh/service': sshService,
  }),
);
export const ConfigFilled: Story = config(
  resourcesState({
    'ssh/service': sshService,
    'ssh/config': { ...sshConfig, status: { pending_changes: true, applied_at: null } },
    'ssh/config/preview': { ...preview, pending_changes: true },
  }),
);
const running = 'Port 22\nListenAddress 0.0.0.0\nPasswordAuthentication yes\nPermitRootLogin no\n';
/** Before Apply: what changes against the running file, line by line; the whole new file one click away. */
export const ConfigDiffBeforeApply: Story = config(
  resourcesState({
    'ssh/service': sshService,
    'ssh/config': { ...sshConfig, status: { pending_changes: true, applied_at: 1_763_900_000_000 } },
    'ssh/config/preview': {
      files: [
        {
          path: '/var/lib/rampart/etc/ssh/sshd_config',
          content: running.replace('Port 22', 'Port 2222').replace('yes', 'no'),
          running,
        },
      ],
      pending_changes: true,
      applied_at: 1_763_900_000_000,
    },
  }),
);
/**
 * Applied, waiting to be kept: the countdown banner sits above the page (in its flow) with Keep changes, Revert now
 * and how to test; the header says the change waits instead of "up to date".
 */
export const ConfigCountdownWithRevert: Story = {
  render: () => (
    <StoryProviders
      state={{
        ...resourcesState({
          'ssh/config': sshConfig,
          'ssh/config/preview': preview,
          'ssh/service': sshService,
        }),
        notifications: {
          toasts: [],
          banners: [
            {
              localId: 'confirm-c1',
              kind: 'banner',
              level: 'warning',
              phase: 'visible',
              duration: -1,
              title: 'Keep the SSH changes?',
              message:
                'SSH port changed. Unless you keep the changes, the appliance restores the previous configuration.',
              hint: 'Test it first: keep this page open and open a second SSH session with the new settings (for example ssh -p <new port> admin@<appliance>); keep the changes only when it signs in.',
              topic: 'safe-apply:ssh',
              deadline: Date.now() + 42_000,
              undismissable: true,
              actions: [
                { label: 'Keep changes', action: confirmationKept({ id: 'c1' }), primary: true },
                { label: 'Revert now', action: confirmationReverted({ id: 'c1' }) },
              ],
            },
          ],
          agreements: [],
          stickyErrors: [],
          agreementModal: null,
          messages: 'loaded',
        },
      }}
      routes={[
        {
          path: '*',
          element: (
            <main>
              <NotificationCenter />
              <ConfigPage />
            </main>
          ),
        },
      ]}
      path="/ssh/config"
    />
  ),
};
export const ConfigLoadFailed: Story = config(
  resourcesState({}, { 'ssh/config': 'failed', 'ssh/config/preview': 'failed', 'ssh/service': 'failed' }),
);
export const ConfigServerFieldError: Story = config({
  ...resourcesState({ 'ssh/config': sshConfig, 'ssh/config/preview': preview, 'ssh/service': sshService }),
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
