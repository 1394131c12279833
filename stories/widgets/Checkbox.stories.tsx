import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Checkbox, type CheckboxProps } from '../../src/widgets/Checkbox';

function Stateful(props: Omit<CheckboxProps, 'onChange'>) {
  const [checked, setChecked] = useState(props.checked);
  return (
    <div style={{ padding: 24 }}>
      <Checkbox {...props} checked={checked} onChange={setChecked} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Checkbox', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Unchecked: Story = { args: { label: 'Enable SSH', checked: false } };
export const Checked: Story = { args: { label: 'Enable SSH', checked: true } };
export const Indeterminate: Story = { args: { label: 'All services', checked: false, indeterminate: true } };
export const WithDescription: Story = {
  args: { label: 'I read all terms', checked: false, description: 'Required to continue.' },
};
export const Disabled: Story = { args: { label: 'Last enabled service', checked: true, disabled: true } };
