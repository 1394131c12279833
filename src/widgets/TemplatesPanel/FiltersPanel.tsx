/**
 * Customise filters (spec §2 side panels, §4 filter editor): templates of filters. A filter is added only with a
 * value; the condition selector is enabled once a filter is chosen and the value input once a condition is chosen.
 * Save and close stores the templates under `<groupId>-filters-local` (when a group id is given) and emits the
 * selected template's filters.
 */
import { useId, useState } from 'react';
import { SidePanel } from './SidePanel';
import { TemplateBar } from './TemplateBar';
import { useTemplateEditor } from './useTemplateEditor';
import {
  addFilter,
  initialFiltersState,
  removeFilter,
  selectedTemplate,
  type AvailableFilter,
  type FilterEntry,
  type FilterTemplate,
  type TemplateState,
} from './templates';
import './TemplatesPanel.css';

export interface FiltersPanelProps {
  open: boolean;
  groupId?: string;
  availableFilters: readonly AvailableFilter[];
  /** Filters of the Default template (none by default). */
  defaultFilters?: readonly FilterEntry[];
  title?: string;
  onSave: (filters: FilterEntry[], state: TemplateState<FilterTemplate>) => void;
  onClose: () => void;
}

/** "Name condition value" of an applied filter, from the available filters' names. */
export function describeFilter(entry: FilterEntry, available: readonly AvailableFilter[]): string {
  const filter = available.find((f) => f.value === entry.id);
  const option = filter?.options.find((o) => o.value === entry.option);
  return `${filter?.name ?? entry.id} ${option?.name ?? entry.option} “${entry.value}”`;
}

export function FiltersPanel({
  open,
  groupId,
  availableFilters,
  defaultFilters = [],
  title = 'Customize filters',
  onSave,
  onClose,
}: FiltersPanelProps) {
  const ids = { filter: useId(), option: useId(), value: useId(), heading: useId() };
  const editor = useTemplateEditor<FilterTemplate>({
    kind: 'filters',
    groupId,
    open,
    fallback: () => initialFiltersState(defaultFilters),
    onSave: (template, state) => onSave(template.filters, state),
    onClose,
  });
  const [draft, setDraft] = useState<FilterEntry>({ id: '', option: '', value: '' });
  if (!open) return null;
  const { state, setState } = editor;
  const template = selectedTemplate(state);
  const chosen = availableFilters.find((f) => f.value === draft.id);
  const canAdd = Boolean(draft.id && draft.option && draft.value.trim());
  const add = () => {
    if (!canAdd) return;
    setState(addFilter(state, draft));
    setDraft({ id: '', option: '', value: '' });
  };

  return (
    <SidePanel title={title} {...editor.panel}>
      <TemplateBar state={state} onChange={setState} />
      <section aria-labelledby={ids.heading}>
        <h3 id={ids.heading}>Filters</h3>
        {template.filters.length === 0 ? (
          <p className="templates__empty">No filters.</p>
        ) : (
          <ul className="templates__list" aria-label="Active filters">
            {template.filters.map((entry, i) => {
              const text = describeFilter(entry, availableFilters);
              return (
                <li key={`${entry.id}-${i}`} className="templates__item">
                  <span className="templates__name">{text}</span>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Remove filter ${text}`}
                    onClick={() => setState(removeFilter(state, i))}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <fieldset className="templates__add">
        <legend>Add a filter</legend>
        <label htmlFor={ids.filter}>Filter</label>
        <select
          id={ids.filter}
          value={draft.id}
          onChange={(e) => setDraft({ id: e.target.value, option: '', value: '' })}
        >
          <option value="">Choose a filter</option>
          {availableFilters.map((f) => (
            <option key={f.value} value={f.value}>
              {f.name}
            </option>
          ))}
        </select>
        <label htmlFor={ids.option}>Condition</label>
        <select
          id={ids.option}
          value={draft.option}
          disabled={!chosen}
          onChange={(e) => setDraft({ ...draft, option: e.target.value, value: '' })}
        >
          <option value="">Choose a condition</option>
          {chosen?.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.name}
            </option>
          ))}
        </select>
        <label htmlFor={ids.value}>Value</label>
        <input
          id={ids.value}
          type="text"
          value={draft.value}
          disabled={!draft.option}
          onChange={(e) => setDraft({ ...draft, value: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" disabled={!canAdd} onClick={add}>
          Add filter
        </button>
      </fieldset>
    </SidePanel>
  );
}
