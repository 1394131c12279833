/**
 * The content width of an element in CSS pixels, followed with a ResizeObserver (window resizes, a side window
 * docking, the menu collapsing). Undefined until measured: on the server and in environments without the observer
 * the caller keeps its default size.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useMeasuredWidth(ref: RefObject<HTMLElement | null>, enabled = true): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0]?.contentRect.width ?? 0);
      // Ignore a hidden (0 px) element; keep the last real width.
      if (w > 0) setWidth((prev) => (prev === w ? prev : w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return width;
}
