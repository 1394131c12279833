/**
 * Nested rule builder (§3, §5): and/or groups holding rules and further groups. A rule picks a field, an operator and
 * a value (select, text or a list of texts by the field's type) and whether it matches when the field is missing.
 * Changing a field resets the value and selects the first real operator. Every control is a labelled native control,
 * so Tab, arrows and Enter/Space work as usual.
 */
import { useState } from 'react';
import { Checkbox } from '../Checkbox';
import {
  addAt,
  changeField,
  isGroup,
  newGroup,
  newRule,
  removeAt,
  updateAt,
  type GroupCondition,
  type Rule,
  type RuleGroup,
  type RulePath,
  type RuleTypeDefinition,
} from './rules';
import '../Field/Field.css';
import './RuleBuilder.css';
import { CloseIcon } from '../icons';

export interface RuleBuilderProps {
  value: RuleGroup;
  onChange: (value: RuleGroup) => void;
  definitions: readonly RuleTypeDefinition[];
  /** Accessible name of the whole builder. */
  label?: string;
  /** How deep groups may nest (root is depth 0). */
  maxDepth?: number;
  disabled?: boolean;
}

const describePath = (path: RulePath) =>
  path.length === 0 ? 'root group' : `group ${path.map((i) => i + 1).join('.')}`;

export function RuleBuilder({
  value,
  onChange,
  definitions,
  label = 'Rules',
  maxDepth = 3,
  disabled,
}: RuleBuilderProps) {
  return (
    <div className="rule-builder" role="group" aria-label={label}>
      <GroupView
        group={value}
        path={[]}
        root={value}
        onChange={onChange}
        definitions={definitions}
        maxDepth={maxDepth}
        disabled={disabled}
      />
    </div>
  );
}

interface NodeProps {
  root: RuleGroup;
  path: RulePath;
  onChange: (value: RuleGroup) => void;
  definitions: readonly RuleTypeDefinition[];
  maxDepth: number;
  disabled?: boolean;
}

function GroupView({ group, ...ctx }: NodeProps & { group: RuleGroup }) {
  const { root, path, onChange, definitions, maxDepth, disabled } = ctx;
  const name = describePath(path);
  const setCondition = (condition: GroupCondition) =>
    onChange(updateAt(root, path, (g) => (isGroup(g) ? { ...g, condition } : g)));
  return (
    <fieldset className={`rule-builder__group rule-builder__group--${group.condition}`} disabled={disabled}>
      <legend className="visually-hidden">{name[0].toUpperCase() + name.slice(1)}</legend>
      <div className="rule-builder__group-bar">
        <div className="rule-builder__condition" role="radiogroup" aria-label={`Condition of ${name}`}>
          {(['and', 'or'] as const).map((c) => (
            <label
              key={c}
              className={`rule-builder__condition-option${group.condition === c ? ' is-selected' : ''}`}
            >
              <input
                type="radio"
                name={`condition-${path.join('-') || 'root'}`}
                value={c}
                checked={group.condition === c}
                onChange={() => setCondition(c)}
              />
              {c.toUpperCase()}
            </label>
          ))}
        </div>
        <button
          type="button"
          className="button"
          onClick={() => onChange(addAt(root, path, newRule(definitions[0])))}
        >
          Add rule
        </button>
        {path.length < maxDepth && (
          <button type="button" className="button" onClick={() => onChange(addAt(root, path, newGroup()))}>
            Add group
          </button>
        )}
        {path.length > 0 && (
          <button
            type="button"
            className="button rule-builder__remove"
            onClick={() => onChange(removeAt(root, path))}
          >
            Remove {name}
          </button>
        )}
      </div>
      {group.rules.length === 0 ? (
        <p className="rule-builder__empty">No rules in this group yet.</p>
      ) : (
        <ol className="rule-builder__list">
          {group.rules.map((node, i) => (
            <li key={i}>
              {isGroup(node) ? (
                <GroupView group={node} {...ctx} path={[...path, i]} />
              ) : (
                <RuleView rule={node} {...ctx} path={[...path, i]} />
              )}
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

function RuleView({ rule, root, path, onChange, definitions }: NodeProps & { rule: Rule }) {
  const def = definitions.find((d) => d.field === rule.field);
  const n = path.map((i) => i + 1).join('.');
  const set = (next: Rule) => onChange(updateAt(root, path, () => next));
  const [entry, setEntry] = useState('');
  const list = Array.isArray(rule.value) ? rule.value : [];
  const addEntry = () => {
    const v = entry.trim();
    if (v === '' || list.includes(v)) return;
    set({ ...rule, value: [...list, v] });
    setEntry('');
  };

  return (
    <div className="rule-builder__rule">
      <label className="rule-builder__cell">
        <span className="rule-builder__cell-label">Field</span>
        <select
          aria-label={`Field of rule ${n}`}
          className="field__control"
          value={rule.field}
          onChange={(e) => set(changeField(rule, e.target.value, definitions))}
        >
          {!def && <option value="">Choose a field…</option>}
          {definitions.map((d) => (
            <option key={d.field} value={d.field}>
              {d.label}
            </option>
          ))}
        </select>
      </label>
      <label className="rule-builder__cell">
        <span className="rule-builder__cell-label">Operator</span>
        <select
          aria-label={`Operator of rule ${n}`}
          className="field__control"
          value={rule.operator}
          onChange={(e) => set({ ...rule, operator: e.target.value })}
        >
          {(def?.operators ?? [{ id: '', name: '—' }]).map((o) => (
            <option key={o.id} value={o.id} disabled={o.id === ''}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <div className="rule-builder__cell rule-builder__value">
        <span className="rule-builder__cell-label">Value</span>
        {rule.type === 'select' ? (
          <select
            aria-label={`Value of rule ${n}`}
            className="field__control"
            value={typeof rule.value === 'string' ? rule.value : ''}
            onChange={(e) => set({ ...rule, value: e.target.value })}
          >
            <option value="">Choose…</option>
            {(def?.options ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        ) : rule.type === 'list.string' ? (
          <div className="rule-builder__list-value">
            {list.length > 0 && (
              <ul className="rule-builder__chips" aria-label={`Values of rule ${n}`}>
                {list.map((v) => (
                  <li key={v}>
                    {v}
                    <button
                      type="button"
                      aria-label={`Remove ${v} from rule ${n}`}
                      onClick={() => set({ ...rule, value: list.filter((x) => x !== v) })}
                    >
                      <CloseIcon />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <input
              aria-label={`New value of rule ${n}`}
              className="field__control"
              value={entry}
              placeholder="Add a value and press Enter"
              onChange={(e) => setEntry(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addEntry();
                }
              }}
            />
          </div>
        ) : (
          <input
            aria-label={`Value of rule ${n}`}
            className="field__control"
            value={typeof rule.value === 'string' ? rule.value : ''}
            onChange={(e) => set({ ...rule, value: e.target.value })}
          />
        )}
      </div>
      <div className="rule-builder__cell rule-builder__missing">
        <Checkbox
          label="Match when field is missing"
          checked={rule.match_on_missing_field}
          onChange={(v) => set({ ...rule, match_on_missing_field: v })}
        />
      </div>
      <button
        type="button"
        className="icon-button rule-builder__remove-rule"
        aria-label={`Remove rule ${n}`}
        onClick={() => onChange(removeAt(root, path))}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
