import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ProgressOverlay } from '../../../src/progress/ProgressOverlay';
import type { ProgressState, ProgressView } from '../../../src/progress/progress.slice';
import { StoryProviders } from '../../support/StoryProviders';
import { config } from './state';

const meta: Meta<typeof ProgressOverlay> = {
  title: 'Screens/Notifications/Progress overlay',
  component: ProgressOverlay,
};
export default meta;
type Story = StoryObj<typeof ProgressOverlay>;

const view: ProgressView = {
  id: 'job-1',
  dataType: 'config',
  status: 'running',
  progressPercentage: 45,
  totalSteps: 4,
  stepNumber: 2,
  details: [
    { name: 'Network interfaces', status: 'done', progressPercentage: 100 },
    { name: 'Firewall rules', status: 'running', progressPercentage: 40 },
    { name: 'DNS proxy', status: 'pending', progressPercentage: 0 },
  ],
};
const story = (progress: ProgressState): Story => ({
  render: () => (
    <StoryProviders state={{ config, progress }}>
      <ProgressOverlay />
    </StoryProviders>
  ),
});

export const ApplyingConfiguration = story({ jobId: 'job-1', view, detailsOpen: false });
export const DetailsExpanded = story({ jobId: 'job-1', view, detailsOpen: true });
export const ApplyingUpdate = story({
  jobId: 'job-2',
  view: { ...view, id: 'job-2', dataType: 'upgrade', progressPercentage: 80, stepNumber: 4, totalSteps: 5 },
  detailsOpen: false,
});
export const Starting = story({
  jobId: 'job-1',
  view: { ...view, progressPercentage: 0, stepNumber: 0, totalSteps: 0, details: [] },
  detailsOpen: false,
});
export const Failed = story({
  jobId: 'job-1',
  view: {
    ...view,
    status: 'failed',
    reason: 'The firewall rules could not be loaded: syntax error on line 12.',
  },
  detailsOpen: true,
});
