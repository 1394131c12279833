/**
 * The shared modal dialog (spec §2 shared widgets): a labelled modal dialog whose height is at most the window's
 * minus 100 px (§9), that traps focus and gives it back when it closes, and closes with Escape or its close button
 * when closable. A body too long for the dialog scrolls, and is then focusable so that keyboard users can scroll it.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useFocusTrap } from './useFocusTrap';
import './modal.css';
import { CloseIcon } from '../icons';

/** §9 modal height is the window's height minus 100. */
export const MODAL_HEIGHT_OFFSET_PX = 100;

export function useModalMaxHeight(): number | undefined {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    const update = () => setHeight(Math.max(0, window.innerHeight - MODAL_HEIGHT_OFFSET_PX));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}

/** Whether the element's content is taller than the element (it scrolls); follows both sizes as they change. */
function useOverflows(
  box: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  on: boolean,
) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!on || !outer || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(outer.scrollHeight > outer.clientHeight + 1));
    observer.observe(outer);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [box, content, on]);
  return overflows;
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons row. */
  footer?: ReactNode;
  /** Escape and the close button call onClose; false for dialogs the user must answer. */
  closable?: boolean;
  onClose?: () => void;
  /** Pixels; the default width comes from the stylesheet. */
  width?: number;
  initialFocus?: RefObject<HTMLElement | null>;
  /** `alertdialog` for errors and confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  describedBy?: string;
  busy?: boolean;
}

export function Modal({
  open,
  title,
  children,
  footer,
  closable = true,
  onClose,
  width,
  initialFocus,
  role = 'dialog',
  className,
  describedBy,
  busy,
}: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const maxHeight = useModalMaxHeight();
  useFocusTrap(ref, open, initialFocus);
  const scrolls = useOverflows(body, content, open);
  if (!open) return null;
  const close = () => {
    if (closable) onClose?.();
  };
  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        tabIndex={-1}
        className={`modal${className ? ` ${className}` : ''}`}
        style={{ width, maxHeight }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && closable) {
            e.stopPropagation();
            close();
          }
        }}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {closable && (
            <button type="button" className="modal__close" aria-label="Close" title="Close" onClick={close}>
              <CloseIcon />
            </button>
          )}
        </header>
        <div
          ref={body}
          className="modal__body"
          {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
        >
          <div ref={content}>{children}</div>
        </div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>
  );
}
