import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { RangeSelector, type RangeSelectorProps } from '../../src/widgets/charts/RangeSelector';
import { VerticalBars } from '../../src/widgets/charts/VerticalBars';

function Controlled(props: Partial<RangeSelectorProps> & { initial?: [number, number] }) {
  const [value, setValue] = useState<[number, number]>(props.initial ?? [20, 45]);
  return (
    <div style={{ padding: '1.5rem', maxWidth: 640 }}>
      <RangeSelector label="Time window" min={0} max={100} {...props} value={value} onChange={setValue} />
      <p>
        Selected: {value[0]} – {value[1]}
      </p>
    </div>
  );
}

const meta: Meta<typeof Controlled> = { title: 'Widgets/Charts/Range selector', component: Controlled };
export default meta;
type Story = StoryObj<typeof Controlled>;

export const Default: Story = {};
export const FullRange: Story = { args: { initial: [0, 100] } };
export const MinimumWidth: Story = { args: { minWidth: 15 } };
export const FixedWidth: Story = { args: { fixedWidth: true, minWidth: 20, initial: [10, 30] } };
export const Hours: Story = {
  args: {
    min: 0,
    max: 24,
    step: 0.5,
    initial: [8, 17],
    formatValue: (h: number) => `${String(Math.floor(h)).padStart(2, '0')}:${h % 1 ? '30' : '00'}`,
  },
};
export const OverAChart: Story = {
  args: {
    children: (
      <VerticalBars
        label="Events per hour"
        width={640}
        height={46}
        values={Array.from({ length: 48 }, (_, i) => 5 + Math.round(10 * Math.abs(Math.sin(i / 5))))}
      />
    ),
  },
};
