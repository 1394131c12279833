/** Applied updates and rollbacks, newest first, in the widget library's data table. */
import { formatDateTime } from '../../../lib/format';
import type { UpdateHistoryEntry } from '../../../store/slices/updates.slice';
import { DataTable, type TableLegendEntry, type TableRow } from '../../../widgets/DataTable';

const legend: TableLegendEntry[] = [
  { title: 'Version' },
  { title: 'Change' },
  { title: 'From' },
  { title: 'Applied' },
  { title: 'By' },
];

export function historyRows(history: readonly UpdateHistoryEntry[]): TableRow[] {
  return history.map((h) => ({
    id: String(h.id),
    items: [
      { value: h.to_version },
      {
        value: h.kind === 'rollback' ? 'Rollback' : h.security ? 'Security update' : 'Update',
        statusBullColor: h.kind === 'rollback' ? 'orange' : h.security ? 'red' : 'green',
        statusLabel: h.kind === 'rollback' ? 'Rollback' : h.security ? 'Security update' : 'Update',
      },
      { value: h.from_version },
      { value: formatDateTime(h.applied_at), sortValue: h.applied_at },
      { value: h.applied_by },
    ],
  }));
}

export function UpdateHistory({ history }: { history: readonly UpdateHistoryEntry[] }) {
  return (
    <DataTable
      caption="Update history"
      legend={legend}
      rows={historyRows(history)}
      searchable={false}
      emptyMessage="No update has been applied yet."
      maxHeight={320}
    />
  );
}
