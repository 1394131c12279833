import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { flowFormMachine } from '../../machines/flowForm.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Identity flow form', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: flowFormMachine, title: 'Identity flow form machine' },
};
