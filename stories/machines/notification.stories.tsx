import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { notificationMachine } from '../../machines/notification.machine';
import { MachineInspector } from '../../src/qa/StatechartView';
import { MachineExplorer } from '../screens/notifications/MachineExplorer';

const meta: Meta<typeof MachineExplorer> = { title: 'Machines/Notification', component: MachineExplorer };
export default meta;
type Story = StoryObj<typeof MachineExplorer>;

const events = [{ label: 'Close (user)', event: { type: 'user.close' } }];
const fastForward = (after: string) => ({ type: `xstate.after.${after}` });

/** Pending for 100 ms, then visible for 5 s, then fades out. */
export const Timed: Story = { args: { machine: notificationMachine, events, input: { duration: 5000 } } };
export const Persistent: Story = { args: { machine: notificationMachine, events, input: { duration: -1 } } };
export const Closing: Story = {
  args: {
    machine: notificationMachine,
    events,
    input: { duration: -1 },
    startWith: [{ type: 'user.close' }],
  },
};
export const VisibleTimed: Story = {
  args: {
    machine: notificationMachine,
    events,
    input: { duration: 60_000 },
    startWith: [fastForward('appearDelay.notification.pending')],
  },
};
export const DoneClosedByUser: Story = {
  args: {
    machine: notificationMachine,
    events,
    input: { duration: -1 },
    startWith: [{ type: 'user.close' }, fastForward('removeAfter.notification.closing')],
  },
};

/** The statechart, running. A timed notification (5 s). */
export const Statechart: Story = {
  render: () => (
    <MachineInspector machine={notificationMachine} title="Notification machine" input={{ duration: 5000 }} />
  ),
};
