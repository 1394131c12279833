/**
 * The floating windows hub (spec §2 windows manager): the right-hand column (one docked window), floating windows
 * and the dock of iconized windows. Mounted in the core layout's `windows` slot; while a window is docked on the
 * right it marks the layout body (`data-windows-right`) so the content area narrows. F6 cycles focus through the
 * page content and the open windows.
 */
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../store/createStore';
import { WindowFrame } from './WindowFrame';
import {
  restoreWindow,
  selectActiveWindowId,
  selectHasRightWindow,
  selectWindows,
} from '../store/slices/windows.slice';
import './windows.css';

export function WindowsHub() {
  const dispatch = useAppDispatch();
  const windows = useAppSelector(selectWindows);
  const activeId = useAppSelector(selectActiveWindowId);
  const hasRight = useAppSelector(selectHasRightWindow);
  const rootRef = useRef<HTMLDivElement>(null);
  const right = windows.find((w) => w.aspect === 'right');
  const floating = windows.filter((w) => w.aspect === 'floating');
  const iconized = windows.filter((w) => w.aspect === 'iconized');

  useEffect(() => {
    const body = rootRef.current?.closest('.core-layout__body');
    if (!body) return;
    if (hasRight) body.setAttribute('data-windows-right', right?.isExtended ? 'extended' : 'open');
    else body.removeAttribute('data-windows-right');
    return () => body.removeAttribute('data-windows-right');
  }, [hasRight, right?.isExtended]);

  // The active window takes focus when it changes (opening, restoring, closing another one).
  useEffect(() => {
    if (!activeId) return;
    const el = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-window-id]') ?? []).find(
      (x) => x.dataset.windowId === activeId,
    );
    if (el && !el.contains(document.activeElement)) el.focus();
  }, [activeId]);

  // F6 / Shift+F6 move focus between the open windows and the page content (the usual pane-cycling keys).
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'F6' || e.altKey || e.ctrlKey || e.metaKey) return;
      const frames = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-window-id]') ?? []);
      if (frames.length === 0) return;
      const main = document.getElementById('main-content');
      const stops = main ? [main, ...frames] : frames;
      const current = stops.findIndex((el) => el.contains(document.activeElement));
      const step = e.shiftKey ? -1 : 1;
      const next = stops[(current + step + stops.length) % stops.length] ?? stops[0];
      e.preventDefault();
      next.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div ref={rootRef} className="windows-hub">
      {right && (
        <aside
          className={`windows-column${right.isExtended ? ' windows-column--extended' : ''}`}
          aria-label="Side window"
        >
          <WindowFrame win={right} active={right.id === activeId} index={0} />
        </aside>
      )}
      {floating.map((w, i) => (
        <WindowFrame key={w.id} win={w} active={w.id === activeId} index={i} />
      ))}
      {iconized.length > 0 && (
        <nav className="windows-dock" aria-label="Minimised windows">
          <ul>
            {iconized.map((w) => (
              <li key={w.id}>
                <button
                  type="button"
                  className="windows-dock__item"
                  onClick={() => dispatch(restoreWindow(w.id))}
                  aria-label={`Restore ${w.title}`}
                >
                  {w.icon && <span aria-hidden="true">{w.icon} </span>}
                  {w.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
