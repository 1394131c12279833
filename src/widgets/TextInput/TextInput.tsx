/**
 * Text input with the §5 validators: OR-combined validator types, the "must be …" hint with min and max, optional
 * empty valid / required empty invalid, the three §4 states (valid, not valid, forced-invalid from the server, cleared
 * when the value changes), a comma multi-value mode (add action or Enter), and an info hint shown for 2000 ms.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Field, useServerFieldError } from '../Field';
import {
  splitMultiValue,
  validateValue,
  fieldHint,
  validatorHint,
  type FieldVerdict,
  type ValidatorType,
} from '../../lib/validation';
import './TextInput.css';
import { CloseIcon } from '../icons';

/** §9 the info hint stays visible for 2000 ms. */
export const INFO_HINT_MS = 2000;
export const REQUIRED_TEXT = 'This field is required.';

export type TextInputState = 'valid' | 'invalid' | 'forced-invalid' | 'untouched';

export interface TextInputProps {
  label: string;
  /** The value; in multi-value mode a comma-separated list. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  validators?: readonly ValidatorType[];
  min?: number;
  max?: number;
  required?: boolean;
  /** Multi-value mode: entries are added with the Add action or Enter, and kept comma-separated. */
  multiple?: boolean;
  /**
   * A server-side error for this field (forced-invalid); hidden once the user changes the value. Without it, the
   * error the server marked on `name` (see `useServerFieldError`) is shown.
   */
  serverError?: string;
  /** Extra help shown for 2000 ms from the info button. */
  info?: string;
  /** Show the verdict before the user has left the field (e.g. after a submit attempt). */
  showValidation?: boolean;
  type?: 'text' | 'password' | 'email' | 'search' | 'url';
  placeholder?: string;
  disabled?: boolean;
  autoComplete?: string;
  hideLabel?: boolean;
  /** Called with the verdict whenever it changes, so a form can block submission. */
  onValidityChange?: (valid: boolean) => void;
  onBlur?: () => void;
}

function errorText(verdict: FieldVerdict, hint: string): string | undefined {
  if (verdict.valid) return undefined;
  return verdict.reason === 'required' ? REQUIRED_TEXT : `Value ${hint || 'is not valid'}`;
}

export function TextInput(props: TextInputProps) {
  const {
    label,
    value,
    onChange,
    name,
    validators,
    min,
    max,
    required,
    multiple,
    info,
    showValidation,
    type = 'text',
    placeholder,
    disabled,
    autoComplete,
    hideLabel,
    onValidityChange,
    onBlur,
  } = props;
  const marked = useServerFieldError(name);
  const serverError = props.serverError ?? marked.error;
  const change = (next: string) => {
    marked.clear();
    onChange(next);
  };
  const [touched, setTouched] = useState(false);
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string | undefined>();
  const [infoOpen, setInfoOpen] = useState(false);
  // Forced-invalid lasts until the value changes: remember which value the server error was about.
  // Once the value has changed the error stays cleared, even if the user types the old value again.
  const [forcedFor, setForcedFor] = useState<{ error: string; value: string; cleared: boolean } | null>(
    serverError ? { error: serverError, value, cleared: false } : null,
  );
  if (serverError && forcedFor?.error !== serverError)
    setForcedFor({ error: serverError, value, cleared: false });
  if (!serverError && forcedFor) setForcedFor(null);
  if (forcedFor && !forcedFor.cleared && forcedFor.error === serverError && forcedFor.value !== value)
    setForcedFor({ ...forcedFor, cleared: true });
  const forced = Boolean(serverError && forcedFor && !forcedFor.cleared && forcedFor.value === value);

  const rules = { validators, min, max, required, multiple };
  const verdict = validateValue(value, rules);
  const hint = validatorHint(validators, { min, max });
  const show = touched || Boolean(showValidation);
  const state: TextInputState = forced
    ? 'forced-invalid'
    : !show
      ? 'untouched'
      : verdict.valid
        ? 'valid'
        : 'invalid';
  const error = forced ? serverError : show ? errorText(verdict, hint) : undefined;

  const lastValidity = useRef<boolean | null>(null);
  useEffect(() => {
    const valid = verdict.valid && !forced;
    if (lastValidity.current !== valid) {
      lastValidity.current = valid;
      onValidityChange?.(valid);
    }
  }, [verdict.valid, forced, onValidityChange]);

  useEffect(() => {
    if (!infoOpen) return;
    const t = setTimeout(() => setInfoOpen(false), INFO_HINT_MS);
    return () => clearTimeout(t);
  }, [infoOpen]);

  const infoId = useId();
  const entries = multiple ? splitMultiValue(value) : [];

  const addEntries = () => {
    const fresh = splitMultiValue(entry);
    if (fresh.length === 0) {
      setEntryError('Enter a value to add.');
      return;
    }
    const bad = fresh.filter((e) => !validateValue(e, { validators, min, max }).valid);
    if (bad.length > 0) {
      setEntryError(`${bad.join(', ')}: value ${hint || 'is not valid'}`);
      return;
    }
    const merged = [...entries, ...fresh.filter((e) => !entries.includes(e))];
    change(merged.join(', '));
    setEntry('');
    setEntryError(undefined);
    setTouched(true);
  };

  const onEntryKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addEntries();
    }
  };

  const infoButton = info ? (
    <span className="text-input__info">
      <button
        type="button"
        className="text-input__info-button"
        aria-label={`About ${label}`}
        aria-expanded={infoOpen}
        aria-controls={infoId}
        onClick={() => setInfoOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setInfoOpen(false)}
      >
        i
      </button>
      <span id={infoId} role="status" className="text-input__info-text" hidden={!infoOpen}>
        {infoOpen ? info : ''}
      </span>
    </span>
  ) : null;

  return (
    <Field
      label={label}
      hideLabel={hideLabel}
      required={required}
      hint={fieldHint(validators, { min, max }) || undefined}
      error={multiple ? (entryError ?? error) : error}
      labelAside={infoButton}
      className={`text-input text-input--${state}`}
    >
      {({ control, describedBy }) =>
        multiple ? (
          <div className="text-input__multi">
            {entries.length > 0 && (
              <ul className="text-input__chips" aria-label={`${label} values`}>
                {entries.map((v) => (
                  <li key={v} className="text-input__chip">
                    <span>{v}</span>
                    <button
                      type="button"
                      className="text-input__chip-remove"
                      aria-label={`Remove ${v}`}
                      disabled={disabled}
                      onClick={() => change(entries.filter((x) => x !== v).join(', '))}
                    >
                      <CloseIcon />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="text-input__entry">
              <input
                id={control}
                type={type}
                className="field__control"
                value={entry}
                data-field-name={name}
                placeholder={placeholder ?? 'Add values, separated by commas'}
                disabled={disabled}
                aria-invalid={state === 'invalid' || state === 'forced-invalid' || Boolean(entryError)}
                aria-describedby={describedBy}
                onChange={(e) => {
                  setEntry(e.target.value);
                  setEntryError(undefined);
                }}
                onKeyDown={onEntryKeyDown}
                onBlur={() => {
                  setTouched(true);
                  onBlur?.();
                }}
              />
              <button type="button" className="button" onClick={addEntries} disabled={disabled}>
                Add
              </button>
            </div>
            <input type="hidden" name={name} value={value} />
          </div>
        ) : (
          <input
            id={control}
            name={name}
            type={type}
            className={`field__control${state === 'valid' && value !== '' && validators?.length ? ' field__control--valid' : ''}`}
            value={value}
            placeholder={placeholder}
            disabled={disabled}
            aria-required={required || undefined}
            autoComplete={autoComplete}
            aria-invalid={state === 'invalid' || state === 'forced-invalid'}
            aria-describedby={describedBy}
            onChange={(e) => change(e.target.value)}
            onBlur={() => {
              setTouched(true);
              onBlur?.();
            }}
          />
        )
      }
    </Field>
  );
}
