import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Accordion } from '../../src/widgets/Accordion';

const meta: Meta<typeof Accordion> = {
  title: 'Widgets/Accordion',
  component: Accordion,
  decorators: [
    (S) => (
      <div style={{ padding: 24, maxWidth: 520 }}>
        <S />
      </div>
    ),
  ],
  args: {
    title: 'Details',
    children: (
      <ul>
        <li>Download package — done</li>
        <li>Verify signature — running</li>
      </ul>
    ),
  },
};
export default meta;
type Story = StoryObj<typeof Accordion>;

export const Collapsed: Story = {};
export const Expanded: Story = { args: { defaultExpanded: true } };
export const Disabled: Story = { args: { disabled: true } };
