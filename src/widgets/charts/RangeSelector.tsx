/**
 * The range selector (spec §2, §4): drag the left handle, the right handle or the centre; a click without moving
 * re-centres the window on the click; in fixed-width mode only the centre moves and the width is at least
 * `minWidth`. Each handle and the centre are sliders: arrows move by `step`, Page Up/Down by ten steps,
 * Home/End to the bounds. Optional children (e.g. a chart) are drawn under the track.
 */
import { useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import {
  centreAt,
  moveBy,
  normaliseRange,
  percentOf,
  setEnd,
  setStart,
  snap,
  trackScale,
  type Range,
  type RangeBounds,
} from './rangeMath';
import './RangeSelector.css';

export interface RangeSelectorProps {
  label: string;
  min: number;
  max: number;
  value: Range;
  onChange: (range: [number, number]) => void;
  step?: number;
  /** Only the centre drags; the width stays as given (at least `minWidth`). */
  fixedWidth?: boolean;
  minWidth?: number;
  formatValue?: (value: number) => string;
  children?: ReactNode;
}

type DragKind = 'start' | 'end' | 'centre' | 'track';
/** Pixels a pointer may travel and still count as a click. */
const CLICK_SLOP_PX = 3;

export function RangeSelector({
  label,
  min,
  max,
  value,
  onChange,
  step = 1,
  fixedWidth = false,
  minWidth,
  formatValue = String,
  children,
}: RangeSelectorProps) {
  const bounds: RangeBounds = { min, max, minWidth: minWidth ?? (fixedWidth ? step : 0) };
  const range = normaliseRange(value, bounds);
  const trackRef = useRef<HTMLDivElement>(null);

  const emit = (next: [number, number]) => {
    const snapped = normaliseRange([snap(next[0], step, min), snap(next[1], step, min)], bounds);
    if (snapped[0] !== range[0] || snapped[1] !== range[1]) onChange(snapped);
  };

  const startDrag = (kind: DragKind, e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0 || !trackRef.current) return;
    if (fixedWidth && (kind === 'start' || kind === 'end')) return;
    e.preventDefault();
    e.stopPropagation();
    if (kind !== 'track') (e.currentTarget as HTMLElement).focus();
    const rect = trackRef.current.getBoundingClientRect();
    const scale = trackScale(bounds, rect.width);
    const startX = e.clientX;
    const from = range;
    let moved = false;
    const onMove = (ev: PointerEvent) => {
      const dx = ev.clientX - startX;
      if (!moved && Math.abs(dx) < CLICK_SLOP_PX) return;
      moved = true;
      const at = scale.invert(ev.clientX - rect.left);
      const delta = scale.invert(dx) - scale.invert(0);
      if (kind === 'start') emit(setStart(from, at, bounds));
      else if (kind === 'end') emit(setEnd(from, at, bounds));
      else if (kind === 'centre') emit(moveBy(from, delta, bounds));
    };
    const onUp = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      // A click without moving on the track or the centre re-centres the window there.
      if (!moved && ev.type === 'pointerup' && (kind === 'centre' || kind === 'track')) {
        emit(centreAt(from, scale.invert(ev.clientX - rect.left), bounds));
      }
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
  };

  const keyMove = (e: KeyboardEvent, apply: (delta: number | 'min' | 'max') => [number, number]) => {
    const deltas: Record<string, number | 'min' | 'max'> = {
      ArrowLeft: -step,
      ArrowDown: -step,
      ArrowRight: step,
      ArrowUp: step,
      PageDown: -10 * step,
      PageUp: 10 * step,
      Home: 'min',
      End: 'max',
    };
    const d = deltas[e.key];
    if (d === undefined) return;
    e.preventDefault();
    emit(apply(d));
  };

  const text = (v: number) => formatValue(v);
  const startPct = percentOf(range[0], bounds);
  const endPct = percentOf(range[1], bounds);
  const centre = (range[0] + range[1]) / 2;

  return (
    <div
      className={`range-selector${fixedWidth ? ' range-selector--fixed' : ''}`}
      role="group"
      aria-label={label}
    >
      <div ref={trackRef} className="range-selector__track" onPointerDown={(e) => startDrag('track', e)}>
        {children ? <div className="range-selector__background">{children}</div> : null}
        <div
          className="range-selector__shade"
          style={{ left: 0, width: `${startPct}%` }}
          aria-hidden="true"
        />
        <div className="range-selector__shade" style={{ left: `${endPct}%`, right: 0 }} aria-hidden="true" />
        <div
          className="range-selector__window"
          role="slider"
          tabIndex={0}
          aria-label={`${label}: window position`}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={centre}
          aria-valuetext={`from ${text(range[0])} to ${text(range[1])}`}
          style={{ left: `${startPct}%`, width: `${endPct - startPct}%` }}
          onPointerDown={(e) => startDrag('centre', e)}
          onKeyDown={(e) =>
            keyMove(e, (d) =>
              d === 'min'
                ? moveBy(range, min - range[0], bounds)
                : d === 'max'
                  ? moveBy(range, max - range[1], bounds)
                  : moveBy(range, d, bounds),
            )
          }
        />
        {fixedWidth ? null : (
          <>
            <div
              className="range-selector__handle range-selector__handle--start"
              role="slider"
              tabIndex={0}
              aria-label={`${label}: start`}
              aria-valuemin={min}
              aria-valuemax={range[1]}
              aria-valuenow={range[0]}
              aria-valuetext={text(range[0])}
              style={{ left: `${startPct}%` }}
              onPointerDown={(e) => startDrag('start', e)}
              onKeyDown={(e) =>
                keyMove(e, (d) =>
                  setStart(range, d === 'min' ? min : d === 'max' ? max : range[0] + d, bounds),
                )
              }
            />
            <div
              className="range-selector__handle range-selector__handle--end"
              role="slider"
              tabIndex={0}
              aria-label={`${label}: end`}
              aria-valuemin={range[0]}
              aria-valuemax={max}
              aria-valuenow={range[1]}
              aria-valuetext={text(range[1])}
              style={{ left: `${endPct}%` }}
              onPointerDown={(e) => startDrag('end', e)}
              onKeyDown={(e) =>
                keyMove(e, (d) => setEnd(range, d === 'min' ? min : d === 'max' ? max : range[1] + d, bounds))
              }
            />
          </>
        )}
      </div>
      <div className="range-selector__labels" aria-hidden="true">
        <span>{text(range[0])}</span>
        <span>{text(range[1])}</span>
      </div>
    </div>
  );
}
