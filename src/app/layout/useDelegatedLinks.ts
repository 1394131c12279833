/**
 * Client-side navigation for a list of plain `<a href>` links through one set of handlers on their container, so a
 * long menu does not render a router `Link` (and its hooks) per entry: a plain left click on a same-origin link
 * navigates in the app, any modified click (new tab, download) is left to the browser, and hovering or focusing a
 * link preloads its route chunk (spec §9: at most 4 preloads at a time, see routing/preload).
 */
import type { FocusEvent, MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { preloadPath } from '../routing/preload';

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const el = target instanceof Element ? target.closest('a[href]') : null;
  return el instanceof HTMLAnchorElement ? el : null;
}

/** The in-app path of a link, or null when the browser should follow it (other origin, other window, download). */
function appPath(a: HTMLAnchorElement): string | null {
  if (a.origin !== window.location.origin || (a.target && a.target !== '_self') || a.hasAttribute('download'))
    return null;
  return a.pathname + a.search + a.hash;
}

export function useDelegatedLinks() {
  const navigate = useNavigate();
  const preload = (e: MouseEvent | FocusEvent) => {
    const a = linkOf(e.target);
    const path = a && appPath(a);
    if (path) preloadPath(path);
  };
  return {
    onClick(e: MouseEvent) {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = linkOf(e.target);
      const path = a && appPath(a);
      if (!path) return;
      e.preventDefault();
      navigate(path);
    },
    onMouseOver: preload,
    onFocus: preload,
  };
}
