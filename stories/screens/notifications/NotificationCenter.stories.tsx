import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { NotificationCenter } from '../../../src/notifications/NotificationCenter';
import { StoryProviders } from '../../support/StoryProviders';
import { notificationsState, terms, toast } from './state';

const meta: Meta<typeof NotificationCenter> = {
  title: 'Screens/Notifications/Notification center',
  component: NotificationCenter,
};
export default meta;
type Story = StoryObj<typeof NotificationCenter>;

const story = (state: ReturnType<typeof notificationsState>): Story => ({
  render: () => (
    <StoryProviders state={state}>
      <NotificationCenter />
    </StoryProviders>
  ),
});

export const Empty = story(notificationsState());
export const EveryToastLevel = story(
  notificationsState({
    toasts: [
      toast('default', 'Welcome back.'),
      toast('info', 'A new version is available.', { title: 'Update' }),
      toast('success', 'Settings saved.'),
      toast('warning', 'The certificate expires in 5 days.'),
      toast('error', 'The DNS server did not answer.'),
    ],
  }),
);
export const ToastAppearing = story(
  notificationsState({ toasts: [toast('success', 'Saved.', { phase: 'pending' })] }),
);
export const ToastFadingOut = story(
  notificationsState({ toasts: [toast('success', 'Saved.', { phase: 'closing' })] }),
);
export const Banner = story(
  notificationsState({
    banners: [
      toast('warning', 'Maintenance tonight from **22:00**.', {
        kind: 'banner',
        id: '7',
        version_id: '1',
        title: 'Maintenance',
      }),
    ],
  }),
);
export const BannerAndToasts = story(
  notificationsState({
    banners: [
      toast('warning', 'Read-only mode while the update installs.', { kind: 'banner', localId: 'b1' }),
    ],
    toasts: [toast('info', 'Backup started.'), toast('success', 'Backup finished.')],
  }),
);

const agreement = {
  localId: 'ag',
  id: '1',
  version_id: '1',
  kind: 'agreement' as const,
  level: 'default' as const,
  title: 'Terms of use',
  message: terms,
  duration: -1,
};
export const AgreementUnread = story(
  notificationsState({
    agreements: [agreement],
    agreementModal: { localId: 'ag', state: 'visible', read: false },
  }),
);
export const AgreementRead = story(
  notificationsState({
    agreements: [agreement],
    agreementModal: { localId: 'ag', state: 'visible', read: true },
  }),
);
export const AgreementAccepting = story(
  notificationsState({
    agreements: [agreement],
    agreementModal: { localId: 'ag', state: 'accepting', read: true },
  }),
);
/** The 100 ms before the modal appears: nothing shows. */
export const AgreementHidden = story(
  notificationsState({
    agreements: [agreement],
    agreementModal: { localId: 'ag', state: 'hidden', read: false },
  }),
);
export const StickyError = story(
  notificationsState({
    stickyErrors: [
      { localId: 's', title: 'Reboot required', message: 'Apply the new kernel after a reboot.' },
    ],
  }),
);
