/**
 * A searchable select: the WAI-ARIA "combobox with list autocomplete" pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). Typing filters the options (words in any order, `_` and `/`
 * read as spaces, so "new york" finds America/New_York); ↓/↑ move the active option, Enter or a click picks it,
 * Escape closes the list and puts back the chosen value, Home/End stay in the text. Leaving the field keeps the
 * chosen value unless the text names another option exactly. For long lists (time zones) where a native select
 * cannot be searched.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Field, useServerFieldError } from '../Field';
import type { SelectOption } from '../Select';
import './Combobox.css';

/** At most this many matches are listed at once; more ask for more typing. */
export const COMBOBOX_MAX_SHOWN = 60;

export interface ComboboxProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  placeholder?: string;
}

const words = (s: string) => s.toLowerCase().replace(/[_/]+/g, ' ').split(/\s+/).filter(Boolean);

/** Options whose name (or value) holds every typed word; those starting with the text first. */
export function filterOptions(options: readonly SelectOption[], text: string): SelectOption[] {
  const typed = words(text);
  if (typed.length === 0) return [...options];
  const hay = (o: SelectOption) => `${o.name} ${o.value}`.toLowerCase().replace(/[_/]+/g, ' ');
  const matches = options.filter((o) => {
    const h = hay(o);
    return typed.every((w) => h.includes(w));
  });
  const start = text.toLowerCase();
  return [
    ...matches.filter((o) => o.name.toLowerCase().startsWith(start)),
    ...matches.filter((o) => !o.name.toLowerCase().startsWith(start)),
  ];
}

export function Combobox({
  label,
  value,
  options,
  onChange,
  name,
  required,
  disabled,
  hint,
  placeholder = 'Type to search',
}: ComboboxProps) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const marked = useServerFieldError(name);
  const nameOf = (v: string) => options.find((o) => o.value === v)?.name ?? v;
  const [text, setText] = useState<string | null>(null); // null: not editing, the chosen value's name shows
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shownText = text ?? nameOf(value);
  const matches = useMemo(() => filterOptions(options, text ?? ''), [options, text]);
  const shown = matches.slice(0, COMBOBOX_MAX_SHOWN);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const pick = (o: SelectOption) => {
    marked.clear();
    onChange(o.value);
    setText(null);
    setOpen(false);
  };
  const close = () => {
    setText(null);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        const at = shown.findIndex((o) => o.value === value);
        setActive(at >= 0 ? at : 0);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (shown.length ? (a + step + shown.length) % shown.length : 0));
    } else if (e.key === 'Enter') {
      if (open && shown[active]) {
        e.preventDefault();
        pick(shown[active]);
      }
    } else if (e.key === 'Escape') {
      if (open || text !== null) {
        e.preventDefault();
        e.stopPropagation();
        close();
      }
    }
  };
  const onBlur = () => {
    if (text !== null) {
      const exact = options.find((o) => o.name.toLowerCase() === text.trim().toLowerCase());
      if (exact && exact.value !== value) onChange(exact.value);
    }
    close();
  };
  const expanded = open && !disabled;
  return (
    <Field label={label} required={required} error={marked.error} hint={hint} className="combobox">
      {({ control, describedBy }) => (
        <div className="combobox__wrap">
          <input
            ref={inputRef}
            id={control}
            name={name}
            type="text"
            className="field__control combobox__input"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={`${listId}-list`}
            aria-activedescendant={expanded && shown[active] ? optionId(active) : undefined}
            aria-required={required || undefined}
            aria-invalid={Boolean(marked.error)}
            aria-describedby={describedBy}
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            placeholder={placeholder}
            value={shownText}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onClick={() => setOpen((o) => !o)}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
          />
          <div className="combobox__popup" hidden={!expanded}>
            <ul id={`${listId}-list`} role="listbox" aria-label={label} className="combobox__list">
              {shown.map((o, i) => (
                <li
                  key={o.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  aria-disabled={o.disabled || undefined}
                  className={[
                    'combobox__option',
                    i === active ? 'is-active' : '',
                    o.value === value ? 'is-chosen' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  onMouseDown={(e) => {
                    e.preventDefault(); // keep the focus in the field
                    if (!o.disabled) pick(o);
                  }}
                >
                  {o.name}
                </li>
              ))}
            </ul>
            {shown.length === 0 ? <p className="combobox__note">Nothing matches “{text}”.</p> : null}
            {matches.length > shown.length ? (
              <p className="combobox__note">
                {matches.length - shown.length} more: keep typing to narrow the list.
              </p>
            ) : null}
          </div>
        </div>
      )}
    </Field>
  );
}
