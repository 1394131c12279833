/** The bulk-actions bar (spec §4): shown while rows are selected, busy while an action runs. */
import type { BulkAction } from './types';

export interface BulkBarProps {
  count: number;
  processing: boolean;
  actions: readonly BulkAction[];
  onAction: (action: BulkAction) => void;
  onClear: () => void;
  /** Server paging: the selection is of the current page only, and the bar says so. */
  pageOnly?: boolean;
}

export function BulkBar({ count, processing, actions, onAction, onClear, pageOnly = false }: BulkBarProps) {
  return (
    <div
      className="data-table__bulk"
      role="region"
      aria-label="Bulk actions"
      aria-busy={processing || undefined}
    >
      <span className="data-table__bulk-count" aria-live="polite">
        {count} selected{pageOnly ? ' on this page' : ''}
        {processing ? ' — processing…' : ''}
      </span>
      {actions.map((action) => (
        <button
          key={action.id}
          type="button"
          className="button"
          disabled={processing}
          onClick={() => onAction(action)}
        >
          {action.icon ? <span aria-hidden="true">{action.icon}</span> : null}
          {action.value}
        </button>
      ))}
      <button type="button" className="button data-table__bulk-clear" disabled={processing} onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
