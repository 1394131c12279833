import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AgreementsPage } from '../../../src/app/pages/messaging/AgreementsPage';
import type { NotificationsState } from '../../../src/store/slices/notifications.slice';
import { StoryProviders } from '../../support/StoryProviders';
import { config, notificationsState } from './state';

const meta: Meta<typeof AgreementsPage> = {
  title: 'Screens/Notifications/Agreements page',
  component: AgreementsPage,
};
export default meta;
type Story = StoryObj<typeof AgreementsPage>;

const agreement = (localId: string, dismissed = false) => ({
  localId,
  id: localId,
  kind: 'agreement' as const,
  level: 'default' as const,
  title: 'Terms',
  message: 'Terms',
  duration: -1,
  dismissed,
});
const story = (patch: Partial<NotificationsState>, configPatch: Partial<typeof config> = {}): Story => ({
  render: () => (
    <StoryProviders state={{ ...notificationsState(patch), config: { ...config, ...configPatch } }}>
      <AgreementsPage />
    </StoryProviders>
  ),
});

export const Loading = story({ messages: 'loading' });
export const Pending = story({ agreements: [agreement('a')] });
export const Declined = story({ agreements: [agreement('a', true)] });
export const AllAccepted = story({});
export const LoadFailed = story({ messages: 'failed' });
export const MessagingOff = story({}, { notifications: false });
