import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { NumberInput, type NumberInputProps } from '../../src/widgets/NumberInput';

function Stateful(props: Omit<NumberInputProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24 }}>
      <NumberInput {...props} value={value} onChange={setValue} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Number input', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Empty: Story = { args: { label: 'Port', value: null, min: 1, max: 65535 } };
export const WithValueAndUnit: Story = {
  args: { label: 'Timeout', value: 30, min: 1, max: 3600, unit: 's' },
};
export const RequiredEmpty: Story = {
  args: { label: 'Port', value: null, required: true, showValidation: true },
};
export const Disabled: Story = { args: { label: 'Port', value: 22, disabled: true } };
