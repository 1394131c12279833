import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { defaults, publicConfig } from '../../../config';
import { SessionDialogs } from '../../../src/app/session/SessionDialogs';
import type { SessionLifetimeState } from '../../../src/store/slices/sessionLifetime.slice';
import { StoryProviders } from '../../support/StoryProviders';

/** The session's modals over a page: the timeout warning (idle or absolute end) and the re-authentication prompt. */
const meta: Meta<typeof SessionDialogs> = { title: 'Screens/Session dialogs', component: SessionDialogs };
export default meta;
type Story = StoryObj<typeof SessionDialogs>;

const base: SessionLifetimeState = {
  lifetime: 'active',
  endsAt: null,
  absolute: false,
  reauth: 'none',
  reauthError: null,
};

const withState = (patch: Partial<SessionLifetimeState>) => () => (
  <StoryProviders
    state={{
      config: publicConfig(defaults),
      sessionLifetime: { ...base, ...patch, endsAt: patch.endsAt ?? null },
    }}
  >
    <SessionDialogs />
  </StoryProviders>
);

/** Two minutes before the idle end; the countdown runs. */
export const Warning: Story = {
  render: () => withState({ lifetime: 'warning', endsAt: Date.now() + 120_000 })(),
};
/** The absolute end cannot be moved: no "Stay signed in". */
export const AbsoluteEnd: Story = {
  render: () => withState({ lifetime: 'warning', absolute: true, endsAt: Date.now() + 60_000 })(),
};
export const Reauthenticate: Story = { render: withState({ reauth: 'requested' }) };
export const WrongPassword: Story = {
  render: withState({ reauth: 'requested', reauthError: 'Invalid password' }),
};
export const Verifying: Story = { render: withState({ reauth: 'verifying' }) };
