import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { EventObject } from 'xstate';
import { windowsMachine } from '../../machines/windows.machine';
import { MachineInspector } from '../../src/qa/StatechartView';
import { MachineExplorer } from '../screens/notifications/MachineExplorer';

const meta: Meta<typeof MachineExplorer> = { title: 'Machines/Windows', component: MachineExplorer };
export default meta;
type Story = StoryObj<typeof MachineExplorer>;

const open = (id: string, extra: object = {}): EventObject =>
  ({ type: 'window.open', window: { id, componentName: 'Demo', title: id, ...extra } }) as EventObject;
const events = [
  { label: 'Open A (right)', event: open('A') },
  { label: 'Open B (right)', event: open('B') },
  { label: 'Open C (floating)', event: open('C', { aspect: 'floating' }) },
  ...['S1', 'S2', 'S3', 'S4', 'S5'].map((id) => ({
    label: `Open ${id} (event stream)`,
    event: open(id, { aspect: 'floating', usesEventsStream: true }),
  })),
  { label: 'Focus A', event: { type: 'window.focus', id: 'A' } },
  { label: 'Minimise A', event: { type: 'window.minimize', id: 'A' } },
  { label: 'Restore A', event: { type: 'window.restore', id: 'A' } },
  { label: 'Float A', event: { type: 'window.setAspect', id: 'A', aspect: 'floating' } },
  { label: 'Dock C right', event: { type: 'window.setAspect', id: 'C', aspect: 'right' } },
  { label: 'Close A', event: { type: 'window.close', id: 'A' } },
  { label: 'Close B', event: { type: 'window.close', id: 'B' } },
  { label: 'Close C', event: { type: 'window.close', id: 'C' } },
];

export const Empty: Story = { args: { machine: windowsMachine, events } };
export const OneRightWindow: Story = { args: { machine: windowsMachine, events, startWith: [open('A')] } };
export const SecondRightIconizesFirst: Story = {
  args: { machine: windowsMachine, events, startWith: [open('A'), open('B')] },
};
export const FloatingAndRight: Story = {
  args: { machine: windowsMachine, events, startWith: [open('A'), open('C', { aspect: 'floating' })] },
};
export const StreamLimitRefusal: Story = {
  args: {
    machine: windowsMachine,
    events,
    startWith: ['S1', 'S2', 'S3', 'S4', 'S5'].map((id) =>
      open(id, { aspect: 'floating', usesEventsStream: true }),
    ),
  },
};

/** The statechart, running. Open a window with a payload like {"window": {"id": "A", "componentName": "Demo", "title": "A"}}. */
export const Statechart: Story = {
  render: () => <MachineInspector machine={windowsMachine} title="Windows manager machine" />,
};
