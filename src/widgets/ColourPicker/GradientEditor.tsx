/**
 * Gradient stops on a bar (select, drag, arrows, Delete), angle and position inputs, add and remove (§9: angle
 * 0–360, positions 0–100 %, at least 2 stops). A double tap (300 ms) on the bar adds a stop there.
 */
import { useRef, type Dispatch } from 'react';
import { MAX_ANGLE, MIN_STOPS, formatColour, newStopId, toCss } from './colour';
import { NumberField } from './NumberField';
import { addStopPercent, selectedStop, type GradientValue, type PickerAction } from './pickerReducer';

/** §9 two taps within 300 ms make a double tap. */
export const DOUBLE_TAP_MS = 300;

/** Wall-clock time of a tap (kept out of the component so it reads as an event-time effect). */
const currentTime = () => Date.now();

export function GradientEditor({
  value,
  dispatch,
}: {
  value: GradientValue;
  dispatch: Dispatch<PickerAction>;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const lastTap = useRef(Number.NEGATIVE_INFINITY);
  const selected = selectedStop(value);
  const select = (id: string) => dispatch({ type: 'selectStop', id });
  const move = (id: string, percent: number) => dispatch({ type: 'moveStop', id, percent });
  const add = (percent: number) => dispatch({ type: 'addStop', percent, id: newStopId() });
  const remove = (id: string) => dispatch({ type: 'removeStop', id });
  const percentAt = (clientX: number) => {
    const box = bar.current?.getBoundingClientRect();
    return box && box.width > 0 ? ((clientX - box.left) / box.width) * 100 : 50;
  };

  return (
    <div className="colour-picker__gradient">
      <div
        ref={bar}
        className="colour-picker__bar"
        data-testid="gradient-bar"
        style={{ background: toCss({ ...value, angle: 90 }) }}
        onPointerDown={(e) => {
          if (e.target !== e.currentTarget) return;
          // §9 double tap within 300 ms on the bar adds a stop at that point.
          const now = currentTime();
          if (now - lastTap.current <= DOUBLE_TAP_MS) {
            lastTap.current = Number.NEGATIVE_INFINITY;
            add(percentAt(e.clientX));
          } else lastTap.current = now;
        }}
      >
        {value.stops.map((s, i) => (
          <button
            key={s.id}
            type="button"
            className={`colour-picker__stop${s.select ? ' is-selected' : ''}`}
            style={{ left: `${s.percent}%`, background: formatColour(s, 'RGBA') }}
            aria-label={`Stop ${i + 1} at ${s.percent}%`}
            aria-pressed={s.select}
            onClick={() => select(s.id)}
            onFocus={() => !s.select && select(s.id)}
            onPointerDown={(e) => {
              select(s.id);
              e.currentTarget.setPointerCapture?.(e.pointerId);
            }}
            onPointerMove={(e) => e.buttons === 1 && move(s.id, percentAt(e.clientX))}
            onKeyDown={(e) => {
              const step = e.shiftKey ? 10 : 1;
              if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
                e.preventDefault();
                move(s.id, s.percent + (e.key === 'ArrowRight' ? step : -step));
              } else if (e.key === 'Delete' || e.key === 'Backspace') {
                e.preventDefault();
                remove(s.id);
              }
            }}
          />
        ))}
      </div>
      <div className="colour-picker__gradient-controls">
        <label className="colour-picker__channel">
          <span>Angle</span>
          <NumberField
            max={MAX_ANGLE}
            step={0.1}
            value={value.angle}
            onCommit={(angle) => dispatch({ type: 'setAngle', angle })}
          />
        </label>
        <label className="colour-picker__channel">
          <span>Position (%)</span>
          <NumberField max={100} step={0.1} value={selected.percent} onCommit={(p) => move(selected.id, p)} />
        </label>
        <button type="button" className="button" onClick={() => add(addStopPercent(value))}>
          Add stop
        </button>
        <button
          type="button"
          className="button"
          disabled={value.stops.length <= MIN_STOPS}
          onClick={() => remove(selected.id)}
        >
          Remove stop
        </button>
      </div>
    </div>
  );
}
