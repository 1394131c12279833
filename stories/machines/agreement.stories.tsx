import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fromPromise } from 'xstate';
import { agreementMachine } from '../../machines/agreement.machine';
import { MachineInspector } from '../../src/qa/StatechartView';
import { MachineExplorer } from '../screens/notifications/MachineExplorer';

const meta: Meta<typeof MachineExplorer> = { title: 'Machines/Agreement', component: MachineExplorer };
export default meta;
type Story = StoryObj<typeof MachineExplorer>;

const slowAck = agreementMachine.provide({
  actors: { acknowledge: fromPromise(() => new Promise<void>((r) => setTimeout(r, 1500))) },
});
const failingAck = agreementMachine.provide({
  actors: {
    acknowledge: fromPromise(
      () => new Promise<void>((_r, reject) => setTimeout(() => reject(new Error('503')), 800)),
    ),
  },
});
const events = [
  { label: 'Tick "I read all terms"', event: { type: 'user.toggleRead', checked: true } },
  { label: 'Untick', event: { type: 'user.toggleRead', checked: false } },
  { label: 'Accept', event: { type: 'user.accept' } },
  { label: 'Decline (Logout)', event: { type: 'user.decline' } },
];
const appear = { type: 'xstate.after.appearDelay.agreement.hidden' };
const tick = { type: 'user.toggleRead', checked: true };

export const Hidden: Story = { args: { machine: slowAck, events } };
export const Visible: Story = { args: { machine: slowAck, events, startWith: [appear] } };
export const Read: Story = { args: { machine: slowAck, events, startWith: [appear, tick] } };
export const Accepting: Story = {
  args: { machine: slowAck, events, startWith: [appear, tick, { type: 'user.accept' }] },
};
export const AcknowledgeFails: Story = {
  args: { machine: failingAck, events, startWith: [appear, tick, { type: 'user.accept' }] },
};
export const Declined: Story = {
  args: { machine: slowAck, events, startWith: [appear, { type: 'user.decline' }] },
};

/** The statechart, running. The acknowledge actor answers after 1.5 s. */
export const Statechart: Story = {
  render: () => <MachineInspector machine={slowAck} title="Agreement machine" />,
};
