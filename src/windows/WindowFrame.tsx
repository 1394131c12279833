/**
 * One window of the windows hub: a labelled, non-modal dialog with minimise, dock/float and close buttons.
 * Floating windows move by dragging the title bar (pointer) or with the arrow keys on it (keyboard); Escape
 * inside a window closes it; focusing it brings it to the front.
 */
import {
  createElement,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useAppDispatch } from '../store/createStore';
import { windowContent, type WindowContentProps } from './registry';
import { WINDOWS_MARGIN_PX, type AppWindow, type WindowPosition } from './types';
import { AVOID_SELECTOR, initialFloatingPosition } from './placement';
import {
  closeWindow,
  focusWindow,
  minimizeWindow,
  moveWindow,
  setWindowAspect,
  toggleWindowExtended,
} from '../store/slices/windows.slice';
import { CloseIcon, DockIcon, FloatIcon, MinimiseIcon, WidenIcon } from '../widgets/icons';

/** Arrow-key step of a floating window, in pixels. */
export const KEYBOARD_MOVE_STEP_PX = 10;

/** Keeps a floating window inside the viewport with the §9 margin. */
export function clampPosition(
  p: WindowPosition,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): WindowPosition {
  const maxX = Math.max(WINDOWS_MARGIN_PX, viewport.width - size.width - WINDOWS_MARGIN_PX);
  const maxY = Math.max(WINDOWS_MARGIN_PX, viewport.height - size.height - WINDOWS_MARGIN_PX);
  return {
    x: Math.min(Math.max(WINDOWS_MARGIN_PX, Math.round(p.x)), maxX),
    y: Math.min(Math.max(WINDOWS_MARGIN_PX, Math.round(p.y)), maxY),
  };
}

/** The registered content of a window (looked up by name; registered once at start, never re-created). */
function WindowContent({ name, ...props }: WindowContentProps & { name: string }) {
  const component = windowContent(name);
  return component ? (
    createElement(component, props)
  ) : (
    <p className="window__missing">This window's content is not available.</p>
  );
}

export const defaultFloatingPosition = (index: number): WindowPosition => ({
  x: 80 + index * 30,
  y: 80 + index * 30,
});

export function WindowFrame({ win, active, index }: { win: AppWindow; active: boolean; index: number }) {
  const dispatch = useAppDispatch();
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const [dragPos, setDragPos] = useState<WindowPosition | null>(null);
  const floating = win.aspect === 'floating';
  const position = dragPos ?? win.position ?? defaultFloatingPosition(index);
  const titleId = `window-title-${win.id}`;

  // A floating window without a position yet opens where it covers nothing important (not the navigation or the
  // page's header), measured before the first paint; the position is then kept like a moved window's.
  const placed = floating && !!win.position;
  useLayoutEffect(() => {
    if (!floating || placed || !ref.current) return;
    const rect = ref.current.getBoundingClientRect();
    const avoid = Array.from(document.querySelectorAll<HTMLElement>(AVOID_SELECTOR)).map((el) =>
      el.getBoundingClientRect(),
    );
    dispatch(
      moveWindow(
        win.id,
        initialFloatingPosition(
          { width: rect.width, height: rect.height },
          { width: window.innerWidth, height: window.innerHeight },
          avoid,
          index,
        ),
      ),
    );
  }, [floating, placed, dispatch, win.id, index]);

  const clamp = (p: WindowPosition) => {
    const rect = ref.current?.getBoundingClientRect();
    return clampPosition(
      p,
      { width: rect?.width ?? 0, height: rect?.height ?? 0 },
      { width: window.innerWidth, height: window.innerHeight },
    );
  };
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (!floating || (e.target as HTMLElement).closest('button')) return;
    drag.current = { dx: e.clientX - position.x, dy: e.clientY - position.y };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    setDragPos(clamp({ x: e.clientX - drag.current.dx, y: e.clientY - drag.current.dy }));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    if (dragPos) dispatch(moveWindow(win.id, dragPos));
    setDragPos(null);
  };
  const onHeaderKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!floating) return;
    const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!delta) return;
    e.preventDefault();
    dispatch(
      moveWindow(
        win.id,
        clamp({
          x: position.x + delta[0] * KEYBOARD_MOVE_STEP_PX,
          y: position.y + delta[1] * KEYBOARD_MOVE_STEP_PX,
        }),
      ),
    );
  };

  return (
    <div
      ref={ref}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={`window window--${win.aspect}${active ? ' window--active' : ''}${win.isExtended ? ' window--extended' : ''}`}
      style={floating ? { left: position.x, top: position.y, zIndex: 500 + win.zIndex } : undefined}
      data-window-id={win.id}
      onFocus={() => {
        if (!active) dispatch(focusWindow(win.id));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          dispatch(closeWindow(win.id));
        }
      }}
    >
      <header
        className="window__header"
        tabIndex={floating ? 0 : undefined}
        aria-label={floating ? `Move ${win.title} with the arrow keys` : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onHeaderKeyDown}
      >
        {win.icon && (
          <span className="window__icon" aria-hidden="true">
            {win.icon}
          </span>
        )}
        <h2 id={titleId} className="window__title">
          {win.title}
        </h2>
        <div className="window__buttons">
          <button
            type="button"
            className="window__button"
            aria-label={win.isExtended ? `Narrow ${win.title}` : `Widen ${win.title}`}
            aria-pressed={win.isExtended}
            onClick={() => dispatch(toggleWindowExtended(win.id))}
          >
            <WidenIcon />
          </button>
          {win.prefs.allowIconization && (
            <button
              type="button"
              className="window__button"
              aria-label={`Minimise ${win.title}`}
              onClick={() => dispatch(minimizeWindow(win.id))}
            >
              <MinimiseIcon />
            </button>
          )}
          <button
            type="button"
            className="window__button"
            aria-label={floating ? `Dock ${win.title} on the right` : `Float ${win.title}`}
            onClick={() => dispatch(setWindowAspect(win.id, floating ? 'right' : 'floating'))}
          >
            {floating ? <DockIcon /> : <FloatIcon />}
          </button>
          <button
            type="button"
            className="window__button"
            aria-label={`Close ${win.title}`}
            onClick={() => dispatch(closeWindow(win.id))}
          >
            <CloseIcon />
          </button>
        </div>
      </header>
      <div className="window__body">
        <WindowContent name={win.componentName} windowId={win.id} data={win.data} />
      </div>
    </div>
  );
}
