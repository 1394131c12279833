/**
 * Customise columns (spec §2 side panels, §4 column editor): templates of chosen columns; available columns not yet
 * chosen are listed as pending and are appended when chosen; chosen columns reorder by drag and can be removed.
 * Save and close stores the templates under `<groupId>-columns-local` (when a group id is given) and emits the
 * selected template's columns.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { SidePanel } from './SidePanel';
import { TemplateBar } from './TemplateBar';
import { SortableColumnList } from './SortableColumnList';
import { useTemplateEditor } from './useTemplateEditor';
import {
  addColumn,
  initialColumnsState,
  moveColumn,
  pendingColumns,
  removeColumn,
  selectedTemplate,
  type ColumnRef,
  type ColumnTemplate,
  type TemplateState,
} from './templates';
import './TemplatesPanel.css';

export interface ColumnsPanelProps {
  open: boolean;
  /** Template group; without it templates live only for this visit. */
  groupId?: string;
  availableColumns: readonly ColumnRef[];
  /** Columns of the Default template. */
  defaultColumns: readonly ColumnRef[];
  title?: string;
  onSave: (columns: ColumnRef[], state: TemplateState<ColumnTemplate>) => void;
  onClose: () => void;
}

export function ColumnsPanel({
  open,
  groupId,
  availableColumns,
  defaultColumns,
  title = 'Customize columns',
  onSave,
  onClose,
}: ColumnsPanelProps) {
  const helpId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  // The button just used disappears after Add or Remove: move focus to its neighbour instead of losing it.
  const [refocus, setRefocus] = useState<{ list: 'chosen' | 'pending'; index: number } | null>(null);
  useEffect(() => {
    if (!refocus || !bodyRef.current) return;
    const pick = (list: string) =>
      Array.from(bodyRef.current?.querySelectorAll<HTMLButtonElement>(`[data-focus-list="${list}"]`) ?? []);
    const same = pick(refocus.list);
    const other = pick(refocus.list === 'chosen' ? 'pending' : 'chosen');
    (same[Math.min(refocus.index, same.length - 1)] ?? other[other.length - 1])?.focus();
    setRefocus(null);
  }, [refocus]);
  const editor = useTemplateEditor<ColumnTemplate>({
    kind: 'columns',
    groupId,
    open,
    fallback: () => initialColumnsState(defaultColumns),
    onSave: (template, state) => onSave(template.columns, state),
    onClose,
  });
  if (!open) return null;
  const { state, setState } = editor;
  const template = selectedTemplate(state);
  const pending = pendingColumns(availableColumns, template.columns);
  return (
    <SidePanel title={title} {...editor.panel}>
      <div ref={bodyRef} className="templates__columns">
        <TemplateBar state={state} onChange={setState} />
        <section aria-labelledby={`${helpId}-chosen`}>
          <h3 id={`${helpId}-chosen`}>Columns shown</h3>
          <p id={helpId} className="templates__help">
            Drag a column by its handle, or focus the handle and press the arrow keys, to change the order.
          </p>
          <SortableColumnList
            columns={template.columns}
            helpId={helpId}
            onMove={(from, to) => setState(moveColumn(state, from, to))}
            onRemove={(value) => {
              setRefocus({ list: 'chosen', index: template.columns.findIndex((c) => c.value === value) });
              setState(removeColumn(state, value));
            }}
          />
        </section>
        <section aria-labelledby={`${helpId}-pending`}>
          <h3 id={`${helpId}-pending`}>More columns</h3>
          {pending.length === 0 ? (
            <p className="templates__empty">All columns are shown.</p>
          ) : (
            <ul className="templates__list" aria-label="More columns">
              {pending.map((column, index) => (
                <li key={column.value} className="templates__item">
                  <span className="templates__name">{column.name}</span>
                  <button
                    type="button"
                    className="button"
                    data-focus-list="pending"
                    aria-label={`Add ${column.name}`}
                    onClick={() => {
                      setRefocus({ list: 'pending', index });
                      setState(addColumn(state, column));
                    }}
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </SidePanel>
  );
}
