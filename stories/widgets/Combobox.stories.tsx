import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Combobox, type ComboboxProps } from '../../src/widgets/Combobox';

const options = Intl.supportedValuesOf('timeZone').map((z) => ({ name: z, value: z }));

function Stateful(props: Omit<ComboboxProps, 'onChange' | 'options'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24, maxWidth: 360, minHeight: 320 }}>
      <Combobox {...props} options={options} value={value} onChange={setValue} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Combobox', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const TimeZone: Story = {
  args: { label: 'Time zone', value: 'Europe/Paris', hint: 'Type part of a city or region.' },
};
export const Disabled: Story = { args: { label: 'Time zone', value: 'UTC', disabled: true } };
