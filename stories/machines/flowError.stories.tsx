import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { flowErrorMachine } from '../../machines/flowError.machine';
import { MachineInspector } from '../../src/qa/StatechartView';

/**
 * The machine's statechart, running: the actors it invokes are the machine's defaults (they fail, "not provided"),
 * so the failure paths can be walked; events are sent with the buttons, data in the payload editor.
 */
const meta: Meta<typeof MachineInspector> = { title: 'Machines/Flow error', component: MachineInspector };
export default meta;

export const Statechart: StoryObj<typeof MachineInspector> = {
  args: { machine: flowErrorMachine, title: 'Identity error page machine', input: { id: 'demo-error' } },
};
