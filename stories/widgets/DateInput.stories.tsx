import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { DateInput, type DateInputProps } from '../../src/widgets/DateInput';
import { formatDateTime } from '../../src/lib/format';

function Stateful(props: Omit<DateInputProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24 }}>
      <DateInput {...props} value={value} onChange={setValue} />
      <p>Value: {value === null ? 'none' : `${value} (${formatDateTime(value)})`}</p>
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Date input', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Empty: Story = { args: { label: 'Start date', value: null } };
export const WithValue: Story = {
  args: { label: 'Start date', value: new Date(2025, 1, 3, 12, 0).getTime() },
};
export const RequiredEmpty: Story = {
  args: { label: 'Start date', value: null, required: true, showValidation: true },
};
export const Disabled: Story = {
  args: { label: 'Start date', value: new Date(2025, 1, 3, 12, 0).getTime(), disabled: true },
};
