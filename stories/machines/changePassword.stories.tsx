import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { changePasswordMachine } from '../../machines/changePassword.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Change password', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: changePasswordMachine, title: 'Change password machine' },
};
