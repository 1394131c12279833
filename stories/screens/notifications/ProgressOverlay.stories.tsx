import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { JOB_TITLES, JOB_WINDOW, jobWindowId } from '../../../src/store/slices/jobWindows.slice';
import { ProgressOverlay } from '../../../src/progress/ProgressOverlay';
import { WindowsHub } from '../../../src/windows/WindowsHub';
import type { ProgressState, ProgressView } from '../../../src/store/slices/progress.slice';
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

/** "Open in a window": the job followed in a floating window of the windows hub while the console stays usable. */
const jobWindow = (v: ProgressView): Story => ({
  render: () => (
    <StoryProviders
      state={{
        config,
        jobWindows: { [jobWindowId(v.id)]: { jobId: v.id, status: 'live', view: v } },
        windows: {
          value: 'open',
          context: {
            windows: [
              {
                id: jobWindowId(v.id),
                componentName: JOB_WINDOW,
                title: `Job: ${JOB_TITLES[v.dataType]}`,
                data: { jobId: v.id },
                aspect: 'floating',
                prefs: { allowIconization: true },
                isExtended: false,
                usesEventsStream: true,
                zIndex: 1,
                position: { x: 40, y: 40 },
              },
            ],
            activeId: jobWindowId(v.id),
            refusals: 0,
          },
        },
      }}
    >
      <WindowsHub />
    </StoryProviders>
  ),
});

export const JobInAWindow = jobWindow({ ...view, dataType: 'upgrade' });
export const FailedJobInAWindow = jobWindow({
  ...view,
  status: 'failed',
  reason: 'The firewall rules could not be loaded: syntax error on line 12.',
});
