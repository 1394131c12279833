/**
 * A tooltip positioned with @floating-ui/react-dom (offset, flip and shift keep it on screen). It opens on hover and
 * on keyboard focus of the trigger, closes on leave, blur or Escape, and is tied to the trigger with
 * aria-describedby. The trigger must be a single focusable element (a button or a link).
 */
import {
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { autoUpdate, flip, offset, shift, useFloating, type Placement } from '@floating-ui/react-dom';
import './Tooltip.css';

/** Delay before a hover opens the tooltip, so passing the pointer over a toolbar does not flash tips. */
export const TOOLTIP_OPEN_DELAY_MS = 150;

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: Placement;
}

export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const [hoverPending, setHoverPending] = useState(false);
  const id = useId();
  const { refs: floatingRefs, floatingStyles } = useFloating({
    placement,
    open,
    middleware: [offset(8), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });

  useEffect(() => {
    if (!hoverPending) return;
    const t = setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
    return () => clearTimeout(t);
  }, [hoverPending]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // Callback setters (stable functions), not ref objects: safe to hand to elements during render.
  const { setReference, setFloating } = floatingRefs;
  const close = () => {
    setHoverPending(false);
    setOpen(false);
  };
  const trigger = isValidElement(children)
    ? cloneElement(children, {
        'aria-describedby':
          [children.props['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ') || undefined,
      })
    : children;

  return (
    <span
      className="tooltip__anchor"
      ref={setReference}
      onMouseEnter={() => setHoverPending(true)}
      onMouseLeave={close}
      onFocus={() => setOpen(true)}
      onBlur={close}
    >
      {trigger}
      {open && (
        <span role="tooltip" id={id} ref={setFloating} style={floatingStyles} className="tooltip">
          {content}
        </span>
      )}
    </span>
  );
}
