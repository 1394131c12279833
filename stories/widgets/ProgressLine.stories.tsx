import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ProgressLine } from '../../src/widgets/ProgressLine';

const meta: Meta<typeof ProgressLine> = {
  title: 'Widgets/Progress line',
  component: ProgressLine,
  decorators: [
    (S) => (
      <div style={{ padding: 24, maxWidth: 480 }}>
        <S />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof ProgressLine>;

export const Starting: Story = { args: { label: 'Applying configuration', percent: 0 } };
export const Halfway: Story = { args: { label: 'Applying configuration', percent: 50 } };
export const Complete: Story = { args: { label: 'Applying update', percent: 100 } };
export const Failed: Story = { args: { label: 'Applying update', percent: 70, accent: 'red' } };
export const Indeterminate: Story = { args: { label: 'Waiting for the appliance' } };
export const WithoutText: Story = {
  args: { label: 'Disk usage', percent: 35, showLabel: false, accent: 'blue' },
};
