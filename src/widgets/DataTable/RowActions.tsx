/**
 * The actions cell of a row (spec §3 row action: icon, value, type, disabled, isLoading, options).
 * An action with options is a menu button: Enter, Space or ArrowDown opens it, arrows move, Escape closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import type { RowAction } from './types';

export interface RowActionsProps {
  actions: readonly RowAction[];
  rowName: string;
  rowDisabled?: boolean;
  onAction: (actionId: string, option?: string) => void;
}

export function RowActions({ actions, rowName, rowDisabled, onAction }: RowActionsProps) {
  return (
    <div className="data-table__actions">
      {actions.map((action) =>
        action.options && action.options.length > 0 ? (
          <ActionMenu
            key={action.id}
            action={action}
            rowName={rowName}
            disabled={rowDisabled}
            onAction={onAction}
          />
        ) : (
          <ActionButton
            key={action.id}
            action={action}
            rowName={rowName}
            disabled={rowDisabled}
            onClick={() => onAction(action.id)}
          />
        ),
      )}
    </div>
  );
}

function actionLabel(action: RowAction, rowName: string) {
  return action.label ?? `${action.value} ${rowName}`;
}

function ActionContent({ action }: { action: RowAction }) {
  if (action.isLoading) return <span className="data-table__spinner" aria-hidden="true" />;
  if (action.type === 'labelled')
    return (
      <>
        {action.icon ? <span aria-hidden="true">{action.icon}</span> : null}
        {action.value}
      </>
    );
  return <span aria-hidden="true">{action.icon ?? action.value.charAt(0).toUpperCase()}</span>;
}

function ActionButton({
  action,
  rowName,
  disabled,
  onClick,
}: {
  action: RowAction;
  rowName: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  const labelled = action.type === 'labelled';
  return (
    <button
      type="button"
      className={
        labelled ? 'button data-table__action data-table__action--labelled' : 'icon-button data-table__action'
      }
      aria-label={actionLabel(action, rowName)}
      title={action.value}
      disabled={disabled || action.disabled || action.isLoading}
      aria-busy={action.isLoading || undefined}
      onClick={onClick}
    >
      <ActionContent action={action} />
    </button>
  );
}

function ActionMenu({
  action,
  rowName,
  disabled,
  onAction,
}: {
  action: RowAction;
  rowName: string;
  disabled?: boolean;
  onAction: RowActionsProps['onAction'];
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const options = action.options ?? [];
  const { refs: floating, floatingStyles } = useFloating({
    open,
    strategy: 'fixed', // escapes the table's scroll container
    placement: 'bottom-end',
    middleware: [offset(4), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });

  const { setReference, setFloating } = floating;
  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
    setFocusOnOpen(true);
  };
  // Focus the active item once the menu is rendered.
  const [focusOnOpen, setFocusOnOpen] = useState(false);
  useEffect(() => {
    if (open && focusOnOpen) {
      itemRefs.current[active]?.focus();
      setFocusOnOpen(false);
    }
  }, [open, focusOnOpen, active]);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (value: string) => {
    close(true);
    onAction(action.id, value);
  };
  const move = (index: number) => {
    const next = (index + options.length) % options.length;
    setActive(next);
    itemRefs.current[next]?.focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(options.length - 1);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(false);
    }
  };
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(options.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') close(false);
    else if (e.key === 'Enter' || e.key === ' ') choose(options[active].value);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  return (
    <>
      <button
        ref={(node) => {
          buttonRef.current = node;
          setReference(node);
        }}
        type="button"
        className={
          action.type === 'labelled'
            ? 'button data-table__action data-table__action--labelled'
            : 'icon-button data-table__action'
        }
        aria-label={actionLabel(action, rowName)}
        title={action.value}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled || action.disabled || action.isLoading}
        aria-busy={action.isLoading || undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <ActionContent action={action} />
      </button>
      {open ? (
        <ul
          ref={setFloating}
          id={menuId}
          role="menu"
          aria-label={actionLabel(action, rowName)}
          className="data-table__menu"
          style={floatingStyles}
          onKeyDown={onMenuKey}
          onBlur={(e) => {
            // Close when focus leaves both the menu and its button.
            const next = e.relatedTarget as Node | null;
            if (next && (e.currentTarget.contains(next) || buttonRef.current === next)) return;
            close(false);
          }}
        >
          {options.map((option, i) => (
            <li
              key={option.value}
              ref={(node) => {
                itemRefs.current[i] = node;
              }}
              role="menuitem"
              tabIndex={i === active ? 0 : -1}
              className="data-table__menu-item"
              onClick={() => choose(option.value)}
            >
              {option.name}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
