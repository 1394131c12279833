import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent } from 'storybook/test';
import { Tooltip } from '../../src/widgets/Tooltip';

const meta: Meta<typeof Tooltip> = {
  title: 'Widgets/Tooltip',
  component: Tooltip,
  decorators: [
    (S) => (
      <div style={{ padding: 80, display: 'flex', justifyContent: 'center' }}>
        <S />
      </div>
    ),
  ],
  args: {
    content: 'Restart the DNS proxy',
    children: (
      <button type="button" className="button">
        Restart
      </button>
    ),
  },
};
export default meta;
type Story = StoryObj<typeof Tooltip>;

export const Top: Story = {};
export const Bottom: Story = { args: { placement: 'bottom' } };
export const Right: Story = {
  args: {
    placement: 'right',
    content: 'A longer explanation that wraps onto a second line when it is too wide.',
  },
};

export const OpenOnFocus: Story = {
  play: async () => {
    await userEvent.tab();
  },
};
