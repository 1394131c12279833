import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { HomePage } from '../../../src/app/pages/home/HomeDashboard';
import { StoryProviders } from '../../support/StoryProviders';
import { networkState, status } from '../network/fixtures';

const meta: Meta<typeof HomePage> = { title: 'Screens/Home', component: HomePage };
export default meta;
type Story = StoryObj<typeof HomePage>;

export const Dashboard: Story = {
  render: () => (
    <StoryProviders state={networkState({ status: { status: 'loaded', data: status } })}>
      <HomePage />
    </StoryProviders>
  ),
};

export const QuietMachine: Story = {
  render: () => (
    <StoryProviders
      state={networkState({
        status: {
          status: 'loaded',
          data: { ...status, cpu_percent: null, recent_events: [], disk: null, running_jobs: 0 },
        },
      })}
    >
      <HomePage />
    </StoryProviders>
  ),
};

export const Loading: Story = {
  render: () => (
    <StoryProviders state={networkState({ status: { status: 'loading', data: null } })}>
      <HomePage />
    </StoryProviders>
  ),
};

export const Unavailable: Story = {
  render: () => (
    <StoryProviders state={networkState({ status: { status: 'failed', data: null } })}>
      <HomePage />
    </StoryProviders>
  ),
};
