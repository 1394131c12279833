/** Pan (drag) and zoom (wheel, or the buttons) of an SVG drawing, as a transform for its top group. */
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

export interface View {
  x: number;
  y: number;
  k: number;
}
const MIN_ZOOM = 0.2;
const MAX_ZOOM = 4;
const clamp = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** The view after zooming by `factor` around the point (px, py) of the viewport, which stays in place. */
export function zoomAround(view: View, factor: number, px: number, py: number): View {
  const k = clamp(view.k * factor);
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** The view that shows a drawing of width × height whole, centred in a viewport. */
export function fitView(width: number, height: number, vw: number, vh: number, margin = 16): View {
  if (!width || !height || !vw || !vh) return { x: margin, y: margin, k: 1 };
  const k = clamp(Math.min((vw - 2 * margin) / width, (vh - 2 * margin) / height, 1));
  return { k, x: (vw - width * k) / 2, y: margin };
}

export function usePanZoom(size: { width: number; height: number } | null) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View>({ x: 16, y: 16, k: 1 });
  const drag = useRef<{ x: number; y: number } | null>(null);

  const fit = useCallback(() => {
    const box = svgRef.current?.getBoundingClientRect();
    if (size && box) setView(fitView(size.width, size.height, box.width, box.height));
  }, [size]);
  useEffect(fit, [fit]);

  // A wheel listener must be non-passive to keep the page from scrolling while zooming.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = svg.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * 0.0015);
      setView((v) => zoomAround(v, factor, e.clientX - box.left, e.clientY - box.top));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);

  const zoomBy = (factor: number) => {
    const box = svgRef.current?.getBoundingClientRect();
    setView((v) => zoomAround(v, factor, (box?.width ?? 0) / 2, (box?.height ?? 0) / 2));
  };
  const handlers = {
    onPointerDown: (e: PointerEvent<SVGSVGElement>) => {
      if ((e.target as Element).closest('button, a')) return;
      drag.current = { x: e.clientX, y: e.clientY };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<SVGSVGElement>) => {
      const from = drag.current;
      if (!from) return;
      drag.current = { x: e.clientX, y: e.clientY };
      setView((v) => ({ ...v, x: v.x + e.clientX - from.x, y: v.y + e.clientY - from.y }));
    },
    onPointerUp: () => {
      drag.current = null;
    },
  };
  return {
    svgRef,
    transform: `translate(${view.x} ${view.y}) scale(${view.k})`,
    zoom: view.k,
    zoomIn: () => zoomBy(1.25),
    zoomOut: () => zoomBy(0.8),
    fit,
    handlers,
  };
}
