import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Loader } from '../../src/widgets/Loader';

const meta: Meta<typeof Loader> = {
  title: 'Widgets/Loader',
  component: Loader,
  decorators: [
    (S) => (
      <div style={{ padding: 24, position: 'relative', minHeight: 160 }}>
        <S />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof Loader>;

export const Default: Story = {};
export const Small: Story = { args: { size: 'small', label: 'Saving…' } };
export const LargeWithoutVisibleLabel: Story = { args: { size: 'large', hideLabel: true } };
export const Overlay: Story = { args: { overlay: true, label: 'Fetching data...' } };
