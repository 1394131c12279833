/**
 * An editable list (§5): entries are added with the Add action or Enter; empty entries are rejected, and in range
 * mode (start–end) the end must be greater than the start. Each entry can be removed; removing all needs a second
 * click ("click again to confirm", §4), which lapses after a few seconds or when focus leaves the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  checkListEntry,
  validateValue,
  validatorHint,
  type ListEntryError,
  type ValidatorType,
} from '../../lib/validation';
import { useServerFieldError } from '../Field';
import '../Field/Field.css';
import './ListInput.css';
import { CloseIcon } from '../icons';

/** How long the remove-all button waits for the confirming click. */
export const REMOVE_ALL_CONFIRM_MS = 4000;
export const CONFIRM_TEXT = 'Click again to confirm';

const ERRORS: Record<ListEntryError | 'duplicate' | 'format', string> = {
  empty: 'Enter a value before adding it.',
  'range-order': 'The end of a range must be greater than its start.',
  'not-a-number': 'Enter a number.',
  duplicate: 'This entry is already in the list.',
  format: 'This entry is not valid.',
};

export interface ListInputProps {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** The field's name: an error the server marked on it shows until the list changes. */
  name?: string;
  /** Range mode: entries are "start-end" pairs of numbers with end > start. */
  range?: boolean;
  /** Entries must be numbers (values are converted with Number). */
  numeric?: boolean;
  /** Optional §5 validators for single entries (OR-combined). */
  validators?: readonly ValidatorType[];
  min?: number;
  max?: number;
  placeholder?: string;
  disabled?: boolean;
}

export function ListInput({
  label,
  values,
  onChange: onListChange,
  name,
  range = false,
  numeric = false,
  validators,
  min,
  max,
  placeholder,
  disabled,
}: ListInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);
  const marked = useServerFieldError(name);
  const onChange = (next: string[]) => {
    marked.clear();
    onListChange(next);
  };
  const shownError = error ?? marked.error ?? null;

  useEffect(() => {
    if (!confirming) return;
    const t = setTimeout(() => setConfirming(false), REMOVE_ALL_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [confirming]);

  const add = () => {
    const problem = checkListEntry(range ? { start: text, end } : text, { numeric: numeric || range });
    if (problem) return setError(ERRORS[problem]);
    let entry: string;
    if (range) {
      entry = `${Number(text.trim())}-${Number(end.trim())}`;
    } else {
      entry = numeric ? String(Number(text.trim())) : text.trim();
      if (validators?.length && !validateValue(entry, { validators, min, max }).valid) {
        return setError(`Value ${validatorHint(validators, { min, max })}.`);
      }
    }
    if (values.includes(entry)) return setError(ERRORS.duplicate);
    onChange([...values, entry]);
    setText('');
    setEnd('');
    setError(null);
    firstInput.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  const removeAll = () => {
    if (!confirming) return setConfirming(true);
    setConfirming(false);
    onChange([]);
  };

  const errorId = `${id}-error`;
  return (
    <fieldset className="list-input" disabled={disabled}>
      <legend className="field__label">{label}</legend>
      <div className="list-input__entry">
        <input
          ref={firstInput}
          className="field__control"
          aria-label={range ? `${label} start` : `New ${label} entry`}
          inputMode={numeric || range ? 'numeric' : undefined}
          value={text}
          placeholder={placeholder ?? (range ? 'From' : 'New entry')}
          data-field-name={name}
          aria-invalid={Boolean(shownError)}
          aria-describedby={shownError ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        {range && (
          <>
            <span aria-hidden="true">–</span>
            <input
              className="field__control"
              aria-label={`${label} end`}
              inputMode="numeric"
              value={end}
              placeholder="To"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setEnd(e.target.value);
                setError(null);
              }}
              onKeyDown={onKeyDown}
            />
          </>
        )}
        <button type="button" className="button" onClick={add}>
          Add
        </button>
      </div>
      {shownError && (
        <p id={errorId} role="alert" className="field__error">
          {shownError}
        </p>
      )}
      {values.length === 0 ? (
        <p className="list-input__empty">No entries yet.</p>
      ) : (
        <>
          <ul className="list-input__items" aria-label={`${label} entries`}>
            {values.map((v, i) => (
              <li key={`${v}-${i}`} className="list-input__item">
                <span>{v}</span>
                <button
                  type="button"
                  className="list-input__remove"
                  aria-label={`Remove ${v}`}
                  onClick={() => onChange(values.filter((_, j) => j !== i))}
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={`button list-input__remove-all${confirming ? ' list-input__remove-all--confirm' : ''}`}
            onClick={removeAll}
            onBlur={() => setConfirming(false)}
          >
            {confirming ? CONFIRM_TEXT : 'Remove all'}
          </button>
          <span role="status" className="visually-hidden">
            {confirming ? `Remove all entries? ${CONFIRM_TEXT}.` : ''}
          </span>
        </>
      )}
    </fieldset>
  );
}
