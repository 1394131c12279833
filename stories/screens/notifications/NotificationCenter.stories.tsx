import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { NotificationCenter } from '../../../src/notifications/NotificationCenter';
import { ScreenWithChart } from '../../../src/qa/panel/ScreenWithChart';
import { AgreementScreen } from './hostedScreens';
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
        markdown: true,
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

/** Twelve certificates about to expire: one summary line with the count and a Review link, not twelve banners. */
export const SummarisedBanner = story(
  notificationsState({
    banners: Array.from({ length: 12 }, (_v, i) =>
      toast('warning', `host-${i}.example.test expires in ${i + 2} days.`, {
        kind: 'banner',
        localId: `exp-${i}`,
        title: 'Certificate about to expire',
        notice: { key: `pki-expiry-${i}`, version: '2026-12-10T00:00:00.000Z' },
        group: {
          key: 'pki-expiry',
          summary: '{count} certificates expire within 14 days',
          review: { label: 'Review', to: '/system/certificates?status=valid&expires_within_days=14' },
        },
      }),
    ),
  }),
);
/** The safe-apply countdown: Keep changes and Revert now, how to test, and no close button while it runs. */
export const SafeApplyCountdown = story(
  notificationsState({
    banners: [
      toast(
        'warning',
        'host name, domain changed. Unless you keep the changes, the appliance restores the previous configuration.',
        {
          kind: 'banner',
          localId: 'confirm-c1',
          title: 'Keep the network preference changes?',
          hint: 'Test it first: open the console by its new host name in another tab; keep the changes only when it loads.',
          deadline: Date.now() + 48_000,
          undismissable: true,
          actions: [
            {
              label: 'Keep changes',
              action: { type: 'confirmations/keepRequested', payload: { id: 'c1' } },
              primary: true,
            },
            { label: 'Revert now', action: { type: 'confirmations/revertRequested', payload: { id: 'c1' } } },
          ],
        },
      ),
    ],
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

/**
 * The agreement modal beside the statechart of its own actor (the one the messaging saga hosts): ticking the box
 * moves the chart, and the chart's buttons move the modal.
 */
export const AgreementWithStatechart: Story = {
  render: () => <ScreenWithChart screen={(inspect) => <AgreementScreen inspect={inspect} />} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const modal = await c.findByRole('dialog', { name: 'Terms of use' });
    await userEvent.click(within(modal).getByRole('checkbox', { name: 'I read all terms' }));
    await expect(
      within(await c.findByRole('region', { name: 'Current state' })).getByText(/"visible"/),
    ).toBeTruthy();
  },
};
