import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { RangeInput, type RangeInputProps } from '../../src/widgets/RangeInput';

function Stateful(props: Omit<RangeInputProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24, maxWidth: 420 }}>
      <RangeInput {...props} value={value} onChange={setValue} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Range input', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Defaults: Story = { args: { label: 'Log verbosity', value: 3 } };
export const CustomBoundsAndUnit: Story = {
  args: { label: 'Retention', value: 30, min: 1, max: 365, unit: 'days' },
};
export const ClampedFromOutOfRange: Story = { args: { label: 'Log verbosity', value: 42 } };
export const Disabled: Story = { args: { label: 'Log verbosity', value: 5, disabled: true } };
