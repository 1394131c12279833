import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { recoveryMachine } from '../../machines/recovery.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Recovery', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: recoveryMachine, title: 'Recovery machine' },
};
