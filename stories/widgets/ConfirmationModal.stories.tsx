import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ConfirmationModal } from '../../src/widgets/ConfirmationModal';

const meta: Meta<typeof ConfirmationModal> = {
  title: 'Widgets/Confirmation modal',
  component: ConfirmationModal,
  args: {
    open: true,
    title: 'Delete user',
    message: 'Delete the user ann? This cannot be undone.',
    onConfirm: () => {},
    onCancel: () => {},
  },
};
export default meta;
type Story = StoryObj<typeof ConfirmationModal>;

export const YesNo: Story = {};
export const WithCheckbox: Story = { args: { checkbox: { label: 'Also delete the home folder' } } };
export const WithCheckboxTicked: Story = {
  args: { checkbox: { label: 'Also delete the home folder', defaultChecked: true } },
};
export const WithOptionSelect: Story = {
  args: {
    title: 'Revoke certificate',
    message: 'Revoke the certificate of vpn.example.com?',
    select: {
      label: 'Reason',
      options: [
        { name: 'Key compromise', value: 'keyCompromise' },
        { name: 'Superseded', value: 'superseded' },
      ],
      defaultValue: 'superseded',
    },
  },
};
export const CustomLabels: Story = { args: { yesLabel: 'Delete', noLabel: 'Keep' } };
export const Busy: Story = { args: { busy: true } };
