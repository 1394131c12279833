import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { signupMachine } from '../../machines/signup.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Sign-up', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: signupMachine, title: 'Sign-up machine' },
};
