import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Select, type SelectProps } from '../../src/widgets/Select';

const options = [
  { name: 'Round robin', value: 'rr' },
  { name: 'Fastest first', value: 'fast' },
  { name: 'Strict order', value: 'strict' },
];

function Stateful(props: Omit<SelectProps, 'onChange' | 'options'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24, maxWidth: 360 }}>
      <Select {...props} options={options} value={value} onChange={setValue} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Select', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Optional: Story = { args: { label: 'Strategy', value: '' } };
export const Selected: Story = { args: { label: 'Strategy', value: 'fast' } };
export const RequiredEmptyInvalid: Story = {
  args: { label: 'Strategy', value: '', required: true, showValidation: true },
};
export const Disabled: Story = { args: { label: 'Strategy', value: 'rr', disabled: true } };
