/** Choose, create and delete templates. Default cannot be deleted; a new template is selected at once. */
import { useId, useState } from 'react';
import {
  createTemplate,
  deleteTemplate,
  DEFAULT_TEMPLATE_ID,
  selectTemplate,
  type Template,
  type TemplateState,
} from './templates';

export function TemplateBar<T extends Template>({
  state,
  onChange,
}: {
  state: TemplateState<T>;
  onChange: (next: TemplateState<T>) => void;
}) {
  const [name, setName] = useState('');
  const ids = { select: useId(), name: useId() };
  const selected = state.templates.find((t) => t.id === state.selectedId);
  const create = () => {
    if (!name.trim()) return;
    onChange(createTemplate(state, name));
    setName('');
  };
  return (
    <fieldset className="templates__bar">
      <legend>Templates</legend>
      <div className="templates__row">
        <label htmlFor={ids.select}>Template</label>
        <select
          id={ids.select}
          value={state.selectedId}
          onChange={(e) => onChange(selectTemplate(state, e.target.value))}
        >
          {state.templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={state.selectedId === DEFAULT_TEMPLATE_ID}
          aria-label={`Delete template ${selected?.name ?? ''}`.trim()}
          onClick={() => onChange(deleteTemplate(state, state.selectedId))}
        >
          Delete
        </button>
      </div>
      <div className="templates__row">
        <label htmlFor={ids.name}>New template name</label>
        <input
          id={ids.name}
          type="text"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              create();
            }
          }}
        />
        <button type="button" className="button" disabled={!name.trim()} onClick={create}>
          Create template
        </button>
      </div>
    </fieldset>
  );
}
