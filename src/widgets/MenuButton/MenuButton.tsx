/**
 * A menu button (WAI-ARIA menu button pattern): a button with aria-haspopup="menu" that opens a menu of links and
 * actions. Enter, Space and ArrowDown open it on its first item, ArrowUp on its last; in the menu the arrows move
 * (wrapping), Home and End jump, a letter moves to the next item starting with it, Enter or Space chooses, Escape
 * closes and gives focus back to the button, Tab closes and lets focus move on. A click outside closes it.
 * Links are real anchors (a middle click or a new tab works); a radio entry shows its choice with aria-checked.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './MenuButton.css';

export type MenuButtonEntry =
  | { kind: 'link'; id: string; label: string; href: string; hint?: string }
  | { kind: 'action'; id: string; label: string; onSelect: () => void; hint?: string }
  | { kind: 'radio'; id: string; label: string; checked: boolean; onSelect: () => void }
  | { kind: 'separator'; id: string }
  /** A labelled group of radio entries (e.g. the colour theme). */
  | { kind: 'group'; id: string; label: string; entries: MenuButtonEntry[] };

export interface MenuButtonProps {
  /** The button's accessible name. */
  label: string;
  /** What the button shows (an image, an icon); the name comes from `label`. */
  children: ReactNode;
  entries: MenuButtonEntry[];
  /** Shown at the top of the open menu, outside its items (e.g. who is signed in). */
  header?: ReactNode;
  className?: string;
  buttonClassName?: string;
  /** The menu's accessible name (defaults to `label`). */
  menuLabel?: string;
}

type Focus = 'first' | 'last' | null;

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemradio"]';

const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];

function focusItem(menu: HTMLElement | null, where: Focus) {
  const all = itemsOf(menu);
  (where === 'last' ? all[all.length - 1] : all[0])?.focus();
}

export function MenuButton({
  label,
  children,
  entries,
  header,
  className,
  buttonClassName,
  menuLabel,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  // Which item takes focus once the menu is on screen.
  const pendingFocus = useRef<Focus>(null);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const openMenu = (where: Focus) => {
    if (open) focusItem(menuRef.current, where);
    else {
      pendingFocus.current = where;
      setOpen(true);
    }
  };
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    pendingFocus.current = null;
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open || !pendingFocus.current) return;
    focusItem(menuRef.current, pendingFocus.current);
    pendingFocus.current = null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openMenu('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu('last');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = itemsOf(menuRef.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => all[(to + all.length) % all.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        move(at + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        move(at < 0 ? all.length - 1 : at - 1);
        break;
      case 'Home':
        e.preventDefault();
        move(0);
        break;
      case 'End':
        e.preventDefault();
        move(all.length - 1);
        break;
      case 'Escape':
        e.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case ' ':
        // Space chooses a link as Enter does (an anchor only answers Enter by itself).
        if (at >= 0) {
          e.preventDefault();
          all[at].click();
        }
        break;
      default:
        if (e.key.length === 1 && /\S/.test(e.key)) {
          const letter = e.key.toLowerCase();
          const order = [...all.slice(at + 1), ...all.slice(0, at + 1)];
          order.find((el) => el.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
        }
    }
  };

  const renderEntry = (entry: MenuButtonEntry): ReactNode => {
    switch (entry.kind) {
      case 'separator':
        return <li key={entry.id} role="separator" className="menu-button__separator" />;
      case 'group':
        return (
          <li key={entry.id} role="none">
            <span className="menu-button__group-label" id={`${id}-${entry.id}`}>
              {entry.label}
            </span>
            <ul role="group" aria-labelledby={`${id}-${entry.id}`} className="menu-button__group">
              {entry.entries.map(renderEntry)}
            </ul>
          </li>
        );
      case 'link':
        return (
          <li key={entry.id} role="none">
            <a
              role="menuitem"
              tabIndex={-1}
              href={entry.href}
              className="menu-button__item"
              onClick={() => close(false)}
            >
              {entry.label}
              {entry.hint && <span className="menu-button__hint">{entry.hint}</span>}
            </a>
          </li>
        );
      case 'action':
        return (
          <li key={entry.id} role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-button__item"
              onClick={() => {
                close(true);
                entry.onSelect();
              }}
            >
              {entry.label}
              {entry.hint && <span className="menu-button__hint">{entry.hint}</span>}
            </button>
          </li>
        );
      case 'radio':
        return (
          <li key={entry.id} role="none">
            <button
              type="button"
              role="menuitemradio"
              aria-checked={entry.checked}
              tabIndex={-1}
              className="menu-button__item menu-button__item--radio"
              onClick={() => {
                close(true);
                entry.onSelect();
              }}
            >
              {entry.label}
            </button>
          </li>
        );
    }
  };

  return (
    <div className={`menu-button${className ? ` ${className}` : ''}`} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {children}
      </button>
      {open && (
        <div className="menu-button__popover">
          {header && <div className="menu-button__header">{header}</div>}
          <ul
            ref={menuRef}
            id={`${id}-menu`}
            role="menu"
            aria-label={menuLabel ?? label}
            className="menu-button__menu"
            onKeyDown={onMenuKeyDown}
          >
            {entries.map(renderEntry)}
          </ul>
        </div>
      )}
    </div>
  );
}
