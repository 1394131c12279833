import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { flowErrorMachine } from '../../machines/flowError.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Flow error', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: flowErrorMachine, title: 'Identity error page machine' },
};
