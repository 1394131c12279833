import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { ListInput, type ListInputProps } from '../../src/widgets/ListInput';

function Stateful(props: Omit<ListInputProps, 'onChange'>) {
  const [values, setValues] = useState(props.values);
  return (
    <div style={{ padding: 24, maxWidth: 420 }}>
      <ListInput {...props} values={values} onChange={setValues} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/List input', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Empty: Story = { args: { label: 'Blocked domains', values: [] } };
export const WithEntries: Story = {
  args: {
    label: 'Blocked domains',
    values: ['ads.example.com', 'tracker.example.net'],
    validators: ['fqdn'],
  },
};
export const RangeEntries: Story = {
  args: { label: 'Port ranges', values: ['1024-2048', '8000-8080'], range: true },
};
export const Numeric: Story = { args: { label: 'VLAN ids', values: ['10', '20'], numeric: true } };
export const Disabled: Story = {
  args: { label: 'Blocked domains', values: ['ads.example.com'], disabled: true },
};

/** §4 the first click on "Remove all" asks for a second one. */
export const RemoveAllAwaitingConfirmation: Story = {
  args: { label: 'Blocked domains', values: ['ads.example.com', 'tracker.example.net'] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove all' }));
  },
};
export const EmptyEntryRejected: Story = {
  args: { label: 'Blocked domains', values: [] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add' }));
  },
};
export const RangeEndNotAfterStart: Story = {
  args: { label: 'Port ranges', values: [], range: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Port ranges start' }), '2000');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Port ranges end' }), '1000{Enter}');
  },
};
