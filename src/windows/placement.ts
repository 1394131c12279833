/**
 * Where a floating window first opens: in a corner of the viewport where it covers nothing important — never the
 * navigation (main bar, menu) or the page's title and actions, when the viewport leaves room. Pure, so it is tested
 * without a browser; the frame measures the rectangles and remembers the result as the window's position.
 */
import { WINDOWS_MARGIN_PX, type WindowPosition } from './types';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What a new floating window should not cover: the top bar, the menu and the page's header. */
export const AVOID_SELECTOR = '[role="banner"], nav#context-bar:not([hidden]), #main-content .page-header';
/** Content may still be loading when a window opens: place it as if it were at least this tall. */
export const ASSUMED_WINDOW_HEIGHT_PX = 480;
/** Each further floating window steps this far inwards, so they do not open exactly on top of each other. */
export const CASCADE_STEP_PX = 30;

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

export function initialFloatingPosition(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  avoid: readonly Rect[],
  index = 0,
): WindowPosition {
  const m = WINDOWS_MARGIN_PX;
  const w = Math.min(size.width, viewport.width - 2 * m);
  const h = Math.min(Math.max(size.height, ASSUMED_WINDOW_HEIGHT_PX), viewport.height - 2 * m);
  const step = index * CASCADE_STEP_PX;
  const below = Math.max(m, ...avoid.filter((r) => r.top < m + 1).map((r) => r.bottom + m));
  const rightOf = Math.max(m, ...avoid.filter((r) => r.left < m + 1 && r.top > 0).map((r) => r.right + m));
  const clampX = (x: number) => Math.max(m, Math.min(x, viewport.width - w - m));
  const clampY = (y: number) => Math.max(m, Math.min(y, viewport.height - h - m));
  const candidates: WindowPosition[] = [
    { x: viewport.width - w - m - step, y: viewport.height - h - m - step }, // bottom right
    { x: viewport.width - w - m - step, y: below + step }, // top right, under the bar
    { x: rightOf + step, y: viewport.height - h - m - step }, // bottom left, beside the menu
  ].map((p) => ({ x: Math.round(clampX(p.x)), y: Math.round(clampY(p.y)) }));
  const cost = (p: WindowPosition) => {
    const box = { left: p.x, top: p.y, right: p.x + w, bottom: p.y + h };
    return avoid.reduce((sum, r) => sum + overlap(box, r), 0);
  };
  let best = candidates[0];
  for (const c of candidates) if (cost(c) < cost(best)) best = c;
  return best;
}
