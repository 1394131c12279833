/** The targets and runs tables' columns and rows. */
import type * as backups from '../../../../shared/contracts/backups';
import { formatDateTime } from '../../../../lib/format';
import type { TableLegendEntry, TableRow } from '../../../../widgets/DataTable';
import { EditIcon } from '../../../../widgets/icons';
import { size } from './text';

export const TARGET_LEGEND: TableLegendEntry[] = [
  { title: 'Name', width: 240 },
  { title: 'Where', width: 340 },
  { title: 'Keep', width: 110, priority: 2 },
  { title: 'State', width: 120 },
];

export function targetRow(t: backups.BackupTarget): TableRow {
  return {
    id: String(t.id),
    items: [
      // The kind, and a disabled target, said under the name: a phone shows the name column.
      {
        value: t.name,
        description: `${t.kind === 'local' ? 'Local directory' : 'SFTP server'}${t.enabled ? '' : ' · disabled'}`,
      },
      { value: t.kind === 'local' ? t.directory : `sftp://${t.username}@${t.host}:${t.port}${t.directory}` },
      { value: `${t.keep} archive${t.keep === 1 ? '' : 's'}`, sortValue: t.keep },
      t.enabled
        ? { value: 'Enabled', statusBullColor: 'green' }
        : { value: 'Disabled', statusBullColor: 'grey' },
    ],
    actions: [{ id: 'edit', value: 'Edit', icon: <EditIcon /> }],
  };
}

export const RUN_LEGEND: TableLegendEntry[] = [
  { title: 'Started', width: 220 },
  { title: 'Target', width: 220 },
  { title: 'Result', width: 300 },
  { title: 'Trigger', width: 130, priority: 2 },
  { title: 'Size', width: 100, priority: 2 },
];

/** Under the run's time, only what is not the usual "Done" (calm: the exceptions stand out). */
const resultNote = (r: backups.BackupRun) => (r.ok === null ? 'Running' : r.ok ? undefined : 'Failed');

export function runRow(r: backups.BackupRun): TableRow {
  return {
    id: String(r.id),
    items: [
      // A failed or running run says so under its time too: a phone shows the first column.
      { value: formatDateTime(r.started_at), sortValue: r.started_at, description: resultNote(r) },
      { value: r.target },
      r.ok === null
        ? { value: 'Running', statusBullColor: 'blue' }
        : r.ok
          ? { value: 'Done', statusBullColor: 'green' }
          : { value: 'Failed', statusBullColor: 'red', description: r.error ?? undefined },
      { value: r.trigger === 'schedule' ? 'Schedule' : 'Back up now' },
      { value: r.size === null ? null : size(r.size), sortValue: r.size ?? -1 },
    ],
  };
}
