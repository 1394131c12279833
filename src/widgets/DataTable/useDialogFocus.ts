/** Focus handling of a modal dialog: focus the initial element on open, keep Tab inside, restore focus on close. */
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useDialogFocus(
  container: RefObject<HTMLElement | null>,
  initial?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initial?.current ?? container.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      // Give focus back to whatever opened the dialog, if it is still in the page.
      if (previous && previous.isConnected) previous.focus();
    };
  }, [container, initial]);
}

/** onKeyDown for the dialog element: wraps Tab and Shift+Tab at the ends. */
export function trapTab(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const nodes = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  if (nodes.length === 0) return;
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
