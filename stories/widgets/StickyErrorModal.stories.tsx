import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { StickyErrorModal } from '../../src/widgets/StickyErrorModal';

const meta: Meta<typeof StickyErrorModal> = {
  title: 'Widgets/Sticky error modal',
  component: StickyErrorModal,
  args: {
    open: true,
    title: 'Reboot required',
    message: 'The new kernel is active after a reboot.',
    onConfirm: () => {},
  },
};
export default meta;
type Story = StoryObj<typeof StickyErrorModal>;

export const Default: Story = {};
export const LongMessage: Story = {
  args: {
    title: 'Certificate chain incomplete',
    message:
      'The uploaded certificate does not chain to any trusted authority. Import the intermediate certificate authority first, then upload the certificate again. Until then, services using it keep the previous certificate.',
  },
};
export const CustomButton: Story = { args: { confirmLabel: 'I understand' } };
