import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { TimeInput, type TimeInputProps } from '../../src/widgets/TimeInput';

function Stateful(props: Omit<TimeInputProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24 }}>
      <TimeInput {...props} value={value} onChange={setValue} />
      <p>Value: {value || '(empty)'}</p>
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Time input', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const EmptyReadsZero: Story = { args: { label: 'Backup time', value: '' } };
export const WithValue: Story = { args: { label: 'Backup time', value: '02:30' } };
export const OutOfRangeClamped: Story = { args: { label: 'Backup time', value: '27:80' } };
export const Disabled: Story = { args: { label: 'Backup time', value: '12:00', disabled: true } };
