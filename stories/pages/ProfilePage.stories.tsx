/**
 * `/profile` ("Your account"): the user's own sign-ins and failures, none yet, loading and unreadable; two-factor
 * and security keys.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { SIGN_INS_KEY, SignInsPage } from '../../src/app/pages/profile/SignInsPage';
import type { RootState } from '../../src/store/createStore';
import { StoryProviders } from '../support/StoryProviders';
import { signedIn, signIns } from './authenticationFixtures';
import { resourcesState } from './fixtures';

const meta: Meta = { title: 'Pages/Profile', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const profile = (state: Partial<RootState>) => ({
  render: () => (
    <StoryProviders state={state} routes={[{ path: '*', element: <SignInsPage /> }]} path="/profile" />
  ),
});

export const Loading: Story = profile({
  ...signedIn('reader'),
  ...resourcesState({}, { [SIGN_INS_KEY]: 'loading' }),
});
export const SignIns: Story = profile({
  ...signedIn('reader'),
  ...resourcesState({ [SIGN_INS_KEY]: signIns }),
});
/** Nothing recorded yet. */
export const NoSignIns: Story = profile({
  ...signedIn('reader'),
  ...resourcesState({
    [SIGN_INS_KEY]: { data: [], last_login: null, failed_since_last_login: 0, active_sessions: 1 },
  }),
});
/** Two-factor on, the password changed, several sessions open (what "Password and two-factor" says). */
export const TwoFactorOn: Story = profile({
  ...signedIn('reader'),
  ...resourcesState({
    [SIGN_INS_KEY]: {
      ...signIns,
      active_sessions: 3,
      password_changed_at: Date.UTC(2026, 9, 2, 9, 30),
      second_factors: [{ type: 'totp', created_at: Date.UTC(2026, 9, 2, 9, 35) }],
    },
  }),
});
export const LoadFailed: Story = profile({
  ...signedIn('reader'),
  ...resourcesState({}, { [SIGN_INS_KEY]: 'failed' }),
});
/** Two security keys beside the app: one used, one never (the "Security keys" section with Add and Remove). */
export const SecurityKeysOn: Story = profile({
  ...signedIn('reader'),
  ...resourcesState({
    [SIGN_INS_KEY]: {
      ...signIns,
      password_changed_at: Date.UTC(2026, 9, 2, 9, 30),
      second_factors: [{ type: 'totp', created_at: Date.UTC(2026, 9, 2, 9, 35) }],
      security_keys: [
        {
          id: 1,
          name: 'YubiKey 5C',
          created_at: Date.UTC(2026, 9, 3, 8, 0),
          last_used_at: Date.UTC(2026, 10, 20, 7, 45),
        },
        { id: 2, name: 'Laptop passkey', created_at: Date.UTC(2026, 10, 1, 12, 0), last_used_at: null },
      ],
    },
  }),
});
