/**
 * A dropdown list to choose one or several items (listbox pattern): the button opens it, ArrowUp/ArrowDown/Home/End
 * move, Enter or Space chooses, Escape closes and returns focus to the button; a click outside closes it (§4).
 * While items load it shows 5 placeholder rows (§9).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import '../Field/Field.css';
import './ListChooser.css';

/** §9 the list chooser shows 5 placeholder rows while loading. */
export const PLACEHOLDER_ROWS = 5;

export interface ListChooserItem {
  id: string;
  name: string;
  description?: string;
}

export interface ListChooserProps {
  label: string;
  items: readonly ListChooserItem[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** Several items can be chosen (default); otherwise choosing one replaces the choice and closes the list. */
  multiple?: boolean;
  loading?: boolean;
  placeholder?: string;
  emptyText?: string;
  disabled?: boolean;
}

export function ListChooser({
  label,
  items,
  selected,
  onChange,
  multiple = true,
  loading = false,
  placeholder = 'Choose…',
  emptyText = 'Nothing to choose from.',
  disabled,
}: ListChooserProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);

  const names = items.filter((i) => selected.includes(i.id)).map((i) => i.name);
  const summary =
    names.length === 0 ? placeholder : names.length <= 2 ? names.join(', ') : `${names.length} selected`;

  const choose = (item: ListChooserItem) => {
    if (multiple) {
      onChange(selected.includes(item.id) ? selected.filter((s) => s !== item.id) : [...selected, item.id]);
    } else {
      onChange([item.id]);
      setOpen(false);
      button.current?.focus();
    }
  };

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = items.length - 1;
    const keys: Record<string, () => void> = {
      ArrowDown: () => setActive((a) => Math.min(last, a + 1)),
      ArrowUp: () => setActive((a) => Math.max(0, a - 1)),
      Home: () => setActive(0),
      End: () => setActive(Math.max(0, last)),
      Enter: () => items[active] && choose(items[active]),
      ' ': () => items[active] && choose(items[active]),
      Escape: () => {
        setOpen(false);
        button.current?.focus();
      },
      Tab: () => setOpen(false),
    };
    const action = keys[e.key];
    if (!action) return;
    if (e.key !== 'Tab') e.preventDefault();
    action();
  };

  return (
    <div className="list-chooser" ref={root}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="field__control list-chooser__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={disabled}
        onClick={() => {
          setActive(0);
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setActive(0);
            setOpen(true);
          }
        }}
      >
        <span id={`${id}-value`}>{summary}</span>
        <span className="list-chooser__caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="list-chooser__popup">
          {loading ? (
            <div className="list-chooser__loading" aria-busy="true">
              <span role="status" className="visually-hidden">
                Loading…
              </span>
              {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
                <div
                  key={i}
                  className="list-chooser__placeholder"
                  data-testid="list-chooser-placeholder"
                  aria-hidden="true"
                />
              ))}
            </div>
          ) : items.length === 0 ? (
            <p className="list-chooser__empty" role="status">
              {emptyText}
            </p>
          ) : (
            <ul
              ref={list}
              role="listbox"
              tabIndex={0}
              aria-labelledby={`${id}-label`}
              aria-multiselectable={multiple || undefined}
              aria-activedescendant={`${id}-opt-${active}`}
              className="list-chooser__list"
              onKeyDown={onListKey}
            >
              {items.map((item, i) => {
                const isSelected = selected.includes(item.id);
                return (
                  <li
                    key={item.id}
                    id={`${id}-opt-${i}`}
                    role="option"
                    aria-selected={isSelected}
                    className={`list-chooser__option${i === active ? ' list-chooser__option--active' : ''}${isSelected ? ' list-chooser__option--selected' : ''}`}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => choose(item)}
                  >
                    <span className="list-chooser__check" aria-hidden="true" />
                    <span>
                      {item.name}
                      {item.description && (
                        <span className="list-chooser__description">{item.description}</span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
