/**
 * The updates page in each state: loading, failed, up to date, updates available (one a security update, a refused
 * repository file), after an update (history and rollback, schedule on), and while an update is applied (the
 * progress overlay over the page). The store holds canned data; the API client is offline.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { UpdatesPage } from '../../../src/app/pages/updates/UpdatesPage';
import { ProgressOverlay } from '../../../src/progress/ProgressOverlay';
import type { RootState } from '../../../src/store/createStore';
import type { UpdatesState } from '../../../src/store/slices/updates.slice';
import { StoryProviders } from '../../support/StoryProviders';
import { afterUpdate, upToDate, withUpdates } from './fixtures';

const config = { apiBase: '/api/' } as RootState['config'];

function Page({ updates, progress }: { updates: UpdatesState; progress?: RootState['progress'] }) {
  return (
    <StoryProviders path="/updates/update" state={{ config, updates, ...(progress ? { progress } : {}) }}>
      <UpdatesPage />
      <ProgressOverlay />
    </StoryProviders>
  );
}

const loaded = (data: UpdatesState['data'], pending: UpdatesState['pending'] = null): UpdatesState => ({
  load: 'loaded',
  data,
  pending,
  uploaded: null,
});

const meta: Meta<typeof Page> = { title: 'Screens/Updates', component: Page };
export default meta;
type Story = StoryObj<typeof Page>;

export const Loading: Story = {
  args: { updates: { load: 'loading', data: null, pending: null, uploaded: null } },
};
export const LoadFailed: Story = {
  args: { updates: { load: 'failed', data: null, pending: null, uploaded: null } },
};
export const UpToDate: Story = { args: { updates: loaded(upToDate) } };
export const NoTrustedKey: Story = { args: { updates: loaded({ ...upToDate, trusted_keys: [] }) } };
export const UpdatesAvailable: Story = { args: { updates: loaded(withUpdates) } };
export const Checking: Story = { args: { updates: loaded(withUpdates, 'check') } };
export const AfterUpdate: Story = { args: { updates: loaded(afterUpdate) } };
export const Applying: Story = {
  args: {
    updates: loaded(withUpdates, 'apply'),
    progress: {
      jobId: 'job-1',
      detailsOpen: true,
      view: {
        id: 'job-1',
        dataType: 'upgrade',
        status: 'running',
        progressPercentage: 50,
        totalSteps: 4,
        stepNumber: 3,
        details: [
          { name: 'Verify package', status: 'done', progressPercentage: 100 },
          { name: 'Unpack package', status: 'done', progressPercentage: 100 },
          { name: 'Migrate schema', status: 'running', progressPercentage: 0 },
          { name: 'Switch version', status: 'pending', progressPercentage: 0 },
        ],
      },
    },
  },
};
export const ApplyFailed: Story = {
  args: {
    updates: loaded(withUpdates),
    progress: {
      jobId: 'job-2',
      detailsOpen: false,
      view: {
        id: 'job-2',
        dataType: 'upgrade',
        status: 'failed',
        progressPercentage: 0,
        totalSteps: 4,
        stepNumber: 1,
        details: [{ name: 'Verify package', status: 'failed', progressPercentage: 0 }],
        reason: 'The package signature does not match any trusted key',
      },
    },
  },
};
