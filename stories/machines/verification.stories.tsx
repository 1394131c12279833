import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { verificationMachine } from '../../machines/verification.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Verification', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: verificationMachine, title: 'Verification machine' },
};
