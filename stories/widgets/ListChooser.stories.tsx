import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { ListChooser, type ListChooserProps } from '../../src/widgets/ListChooser';

const items = [
  { id: 'sshd', name: 'sshd', description: 'Secure shell' },
  { id: 'dnsmasq', name: 'dnsmasq', description: 'DNS proxy' },
  { id: 'kernel', name: 'kernel' },
  { id: 'updater', name: 'updater' },
];

function Stateful(
  props: Omit<ListChooserProps, 'onChange' | 'items'> & { items?: ListChooserProps['items'] },
) {
  const [selected, setSelected] = useState(props.selected);
  return (
    <div style={{ padding: 24, minHeight: 320 }}>
      <ListChooser items={items} {...props} selected={selected} onChange={setSelected} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/List chooser', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const NothingChosen: Story = { args: { label: 'Services', selected: [] } };
export const SomeChosen: Story = { args: { label: 'Services', selected: ['sshd', 'kernel'] } };
export const SingleChoice: Story = { args: { label: 'Service', selected: ['dnsmasq'], multiple: false } };
export const Loading: Story = { args: { label: 'Services', selected: [], loading: true } };
export const Empty: Story = { args: { label: 'Services', selected: [], items: [] } };

export const Open: Story = {
  args: { label: 'Services', selected: ['dnsmasq'] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
  },
};
export const OpenWhileLoading: Story = {
  args: { label: 'Services', selected: [], loading: true },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
  },
};
