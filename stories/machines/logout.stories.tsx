import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { logoutMachine } from '../../machines/logout.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Logout', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: logoutMachine, title: 'Logout machine' },
};
