import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { backupRestoreMachine } from '../../machines/backupRestore.machine';
import { MachineInspector } from '../../src/qa/StatechartView';

/**
 * The Backups page's restore, running: the actors it invokes are the machine's defaults (they fail, "not
 * provided"), so the failure paths can be walked; events are sent with the buttons, data in the payload editor.
 */
const meta: Meta<typeof MachineInspector> = {
  title: 'Machines/Backup restore',
  component: MachineInspector,
};
export default meta;

export const Statechart: StoryObj<typeof MachineInspector> = {
  args: { machine: backupRestoreMachine, title: 'Backup restore machine' },
};
