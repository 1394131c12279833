import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { loginMachine } from '../../machines/login.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Local login', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: loginMachine, title: 'Local login machine' },
};
