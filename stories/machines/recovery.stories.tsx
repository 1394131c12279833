import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { recoveryMachine } from '../../machines/recovery.machine';
import { MachineInspector } from '../../src/qa/StatechartView';

/**
 * The machine's statechart, running: the actors it invokes are the machine's defaults (they fail, "not provided"),
 * so the failure paths can be walked; events are sent with the buttons, data in the payload editor.
 */
const meta: Meta<typeof MachineInspector> = { title: 'Machines/Recovery', component: MachineInspector };
export default meta;

export const Statechart: StoryObj<typeof MachineInspector> = {
  args: { machine: recoveryMachine, title: 'Recovery machine', input: { kind: 'recovery' } },
};
