/**
 * The Users and Lockout pages with canned data (the API client is offline): a mix of enabled, disabled, locked and
 * expired accounts; an empty lock queue and one with locks.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { LockoutPage } from '../../../src/app/pages/authentication/LockoutPage';
import { USERS_LIST, UsersPage } from '../../../src/app/pages/authentication/UsersPage';
import type { Account } from '../../../src/shared/contracts/authentication';
import type { RootState } from '../../../src/store/createStore';
import { firstPage, resourcesState } from '../../pages/fixtures';
import { StoryProviders } from '../../support/StoryProviders';

const config = { apiBase: '/api/' } as RootState['config'];

const account = (id: number, username: string, more: Partial<Account> = {}): Account => ({
  id,
  username,
  email: `${username}@example.com`,
  full_name: '',
  role: 'user',
  enabled: true,
  locked: false,
  expires_at: null,
  must_change_password: false,
  created_at: 1_700_000_000_000,
  password_changed_at: null,
  second_factors: [],
  ...more,
});

const accounts = [
  account(1, 'admin', { role: 'admin', full_name: 'Appliance admin' }),
  account(2, 'j.doe', {
    full_name: 'Jane Doe',
    second_factors: [{ type: 'totp', created_at: 1_700_000_000_000 }],
  }),
  account(3, 'contractor', { expires_at: '2024-12-31' }),
  account(4, 'former', { enabled: false }),
  account(5, 'mallory', { locked: true }),
  account(6, 'newcomer', { must_change_password: true }),
];

function Users({ data }: { data: Account[] }) {
  return (
    <StoryProviders
      path="/authentication/users"
      state={{ config, ...resourcesState(firstPage(USERS_LIST, data)) }}
    >
      <UsersPage />
    </StoryProviders>
  );
}

function Lockout({ locked }: { locked: boolean }) {
  const queue = locked
    ? [
        {
          username: 'mallory',
          source: '203.0.113.9',
          locked_until: '2026-01-01T00:10:00Z',
          seconds_left: 540,
        },
        { username: 'admin', source: null, locked_until: '2026-01-01T00:15:00Z', seconds_left: 880 },
      ]
    : [];
  return (
    <StoryProviders
      path="/authentication/lockout"
      state={{
        config,
        ...resourcesState({
          'config/lockout': { attempts: 5, window_seconds: 900, duration_seconds: 900 },
          'auth/lockouts': { data: queue },
        }),
      }}
    >
      <LockoutPage />
    </StoryProviders>
  );
}

const meta: Meta = { title: 'Screens/Authentication' };
export default meta;

export const UsersList: StoryObj<typeof Users> = { render: Users, args: { data: accounts } };
export const UsersEmpty: StoryObj<typeof Users> = { render: Users, args: { data: [] } };
export const LockoutQueue: StoryObj<typeof Lockout> = { render: Lockout, args: { locked: true } };
export const LockoutNobody: StoryObj<typeof Lockout> = { render: Lockout, args: { locked: false } };
