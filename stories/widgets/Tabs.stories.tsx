import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Tabs, type Tab } from '../../src/widgets/Tabs';

function Stateful({ tabs, initial }: { tabs: Tab[]; initial: string }) {
  const [active, setActive] = useState(initial);
  return (
    <div style={{ padding: 24 }}>
      <Tabs label="Sections" tabs={tabs} activeId={active} onChange={setActive}>
        <p>Content of the “{tabs.find((t) => t.id === active)?.name}” tab.</p>
      </Tabs>
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Tabs', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Plain: Story = {
  args: {
    initial: 'dns',
    tabs: [
      { id: 'dns', name: 'DNS' },
      { id: 'ssh', name: 'SSH' },
      { id: 'logs', name: 'Logs' },
    ],
  },
};
export const WithCompletionBullets: Story = {
  args: {
    initial: 'identity',
    tabs: [
      { id: 'identity', name: 'Identity', showCompletionBull: true, isCompleted: true },
      { id: 'keys', name: 'Keys', showCompletionBull: true, isCompleted: false },
      { id: 'review', name: 'Review', showCompletionBull: true, isCompleted: false },
    ],
  },
};
export const WithDisabledTab: Story = {
  args: {
    initial: 'a',
    tabs: [
      { id: 'a', name: 'Overview' },
      { id: 'b', name: 'Advanced', disabled: true },
      { id: 'c', name: 'History' },
    ],
  },
};
