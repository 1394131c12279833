/**
 * Dialog focus handling (accessibility): on open, focus moves into the dialog — the given initial element, else its
 * first field (so what the user types first lands in it, never on the close button), else its primary action, else
 * the dialog itself; Tab and Shift+Tab stay inside; on close, focus returns to where it was.
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

const FIELDS =
  'input:not([disabled]):not([type="hidden"]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly]), [contenteditable="true"], [role="combobox"]:not([aria-disabled="true"]), [role="textbox"]:not([aria-disabled="true"])';
const PRIMARY_ACTIONS =
  '.button--primary:not([disabled]), button[type="submit"]:not([disabled]), [data-primary-action]:not([disabled])';

/**
 * Where focus goes when a dialog opens: its first field, else its primary action (the button that answers it),
 * else the dialog itself (which then needs `tabIndex={-1}`). Close buttons and links are never the first stop.
 */
export function initialFocusIn(root: HTMLElement): HTMLElement {
  const usable = (el: HTMLElement) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true';
  const field = Array.from(root.querySelectorAll<HTMLElement>(FIELDS)).find(usable);
  if (field) return field;
  const primary = Array.from(root.querySelectorAll<HTMLElement>(PRIMARY_ACTIONS)).find(usable);
  if (primary) return primary;
  // A dialog that cannot take focus itself falls back to its first focusable element.
  return root.hasAttribute('tabindex') ? root : (focusableIn(root)[0] ?? root);
}

export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!active) return;
    const root = ref.current;
    if (!root) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = initialFocus?.current ?? initialFocusIn(root);
    first.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const items = focusableIn(root);
      if (items.length === 0) {
        e.preventDefault();
        root.focus();
        return;
      }
      const [head, tail] = [items[0], items[items.length - 1]];
      const current = document.activeElement;
      if (e.shiftKey && (current === head || !root.contains(current))) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (current === tail || !root.contains(current))) {
        e.preventDefault();
        head.focus();
      }
    };
    root.addEventListener('keydown', onKeyDown);
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      // Restore focus to what had it before the dialog opened, if it is still in the page.
      if (previous && typeof previous.focus === 'function' && document.contains(previous)) previous.focus();
    };
  }, [ref, active, initialFocus]);
}
