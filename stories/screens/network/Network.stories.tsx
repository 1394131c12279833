import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { NetworkAnalyticsPage } from '../../../src/app/pages/network/NetworkAnalytics';
import { NetworkOverviewPage } from '../../../src/app/pages/network/NetworkOverview';
import { NetworkPreferencesPage } from '../../../src/app/pages/network/NetworkPreferences';
import { StoryProviders } from '../../support/StoryProviders';
import { networkState, overview, samples } from './fixtures';

const meta: Meta = { title: 'Screens/Network' };
export default meta;
type Story = StoryObj;

export const OverviewAnonymous: Story = {
  render: () => (
    <StoryProviders state={overview(false)} path="/network/overview">
      <NetworkOverviewPage />
    </StoryProviders>
  ),
};

export const OverviewSignedIn: Story = {
  render: () => (
    <StoryProviders state={overview(true)} path="/network/overview">
      <NetworkOverviewPage />
    </StoryProviders>
  ),
};

export const OverviewUnavailable: Story = {
  render: () => (
    <StoryProviders
      state={networkState({
        interfaces: { status: 'failed', signedIn: false, data: [] },
        live: { connected: false, failed: true, last: null, history: [] },
      })}
    >
      <NetworkOverviewPage />
    </StoryProviders>
  ),
};

export const AnalyticsWithSamples: Story = {
  render: () => (
    <StoryProviders
      state={networkState({
        analytics: { status: 'loaded', range: { from: samples.from, to: samples.to }, data: samples },
      })}
    >
      <NetworkAnalyticsPage />
    </StoryProviders>
  ),
};

export const AnalyticsEmpty: Story = {
  render: () => (
    <StoryProviders
      state={networkState({
        analytics: {
          status: 'loaded',
          range: { from: samples.from, to: samples.to },
          data: { ...samples, interfaces: [], series: [] },
        },
      })}
    >
      <NetworkAnalyticsPage />
    </StoryProviders>
  ),
};

const preferences = (role: 'admin' | 'user', pending = false) => {
  const data = {
    data: {
      hostname: 'gateway-1',
      domain: 'example.net',
      dns_servers: ['192.0.2.53'],
      ntp_servers: ['pool.ntp.org'],
      timezone: 'Europe/Paris',
    },
    saved: true,
    updated_at: 1_763_800_000,
    updated_by: 'admin',
    files: [
      { path: '/etc/hostname', content: 'gateway-1\n' },
      { path: '/etc/resolv.conf', content: 'search example.net\nnameserver 192.0.2.53\n' },
    ],
  };
  return {
    ...networkState({
      preferences: {
        status: 'loaded',
        data,
        timeZones: ['Europe/Berlin', 'Europe/Paris', 'UTC'],
        pending: pending ? { values: data.data, files: data.files } : null,
        saving: 'idle',
        savedAt: null,
      },
    }),
    session: { loggedIn: true, user: { username: role, role } },
  };
};

export const PreferencesAdmin: Story = {
  render: () => (
    <StoryProviders state={preferences('admin')}>
      <NetworkPreferencesPage />
    </StoryProviders>
  ),
};

export const PreferencesConfirmation: Story = {
  render: () => (
    <StoryProviders state={preferences('admin', true)}>
      <NetworkPreferencesPage />
    </StoryProviders>
  ),
};

export const PreferencesReadOnly: Story = {
  render: () => (
    <StoryProviders state={preferences('user')}>
      <NetworkPreferencesPage />
    </StoryProviders>
  ),
};

export const PreferencesLoading: Story = {
  render: () => (
    <StoryProviders state={networkState({})}>
      <NetworkPreferencesPage />
    </StoryProviders>
  ),
};
