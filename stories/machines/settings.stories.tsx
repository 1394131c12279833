import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { settingsMachine } from '../../machines/settings.machine';
import { MachineChart } from './MachineChart';

const meta: Meta<typeof MachineChart> = { title: 'Machines/Settings', component: MachineChart };
export default meta;

export const Statechart: StoryObj<typeof MachineChart> = {
  args: { machine: settingsMachine, title: 'Settings machine' },
};
