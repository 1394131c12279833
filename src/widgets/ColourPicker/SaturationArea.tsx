/** The saturation (x) / brightness (y) area; pointer drag or arrow keys (Shift for steps of 10). */
import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { clamp } from '../../lib/validation';
import { fromHsv, svOf } from './colour';
import type { ColourPartProps } from './parts';

export function SaturationArea({ colour, hue, onChange }: ColourPartProps) {
  const area = useRef<HTMLDivElement>(null);
  const { s, v } = svOf(colour);
  const fromPointer = (e: PointerEvent<HTMLDivElement>) => {
    const box = area.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return;
    const ns = clamp(((e.clientX - box.left) / box.width) * 100, 0, 100);
    const nv = clamp(100 - ((e.clientY - box.top) / box.height) * 100, 0, 100);
    onChange(fromHsv(hue, ns, nv, colour.a), hue);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onChange(fromHsv(hue, clamp(s + move[0], 0, 100), clamp(v + move[1], 0, 100), colour.a), hue);
  };
  return (
    <div
      ref={area}
      className="colour-picker__area"
      role="slider"
      tabIndex={0}
      aria-label="Saturation and brightness"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(s)}
      aria-valuetext={`Saturation ${Math.round(s)}%, brightness ${Math.round(v)}%`}
      style={{ '--area-hue': `hsl(${hue} 100% 50%)` } as CSSProperties}
      onKeyDown={onKey}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        fromPointer(e);
      }}
      onPointerMove={(e) => e.buttons === 1 && fromPointer(e)}
    >
      <span className="colour-picker__area-thumb" style={{ left: `${s}%`, top: `${100 - v}%` }} />
    </div>
  );
}
