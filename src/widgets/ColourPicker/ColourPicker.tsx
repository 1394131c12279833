/**
 * Colour picker (§3, §4, §5, §9): solid or gradient (≥ 2 stops, angle 0–360, positions 0–100 %); the current colour
 * (the solid colour or the selected stop) is edited on a saturation/brightness area, hue and alpha sliders, channel
 * inputs of the chosen type (RGB, HSL, HSV, CMYK) or a hex field (normalised per §5); outputs HEX8, RGBA, RGB, HEX.
 * Save emits the value and keeps the colour among 15 saved colours in localStorage; Cancel (or Escape) restores the
 * last saved value. A double tap (300 ms) on the gradient bar adds a stop there.
 *
 * Heavy-ish (colord and its CMYK plugin): import it from 'widgets/ColourPicker' only where needed.
 */
import { useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { clamp } from '../../lib/validation';
import { storedJsonReader, subscribeStorage, writeJson } from '../../lib/storage';
import {
  CHANNELS,
  INPUT_TYPES,
  MIN_STOPS,
  MAX_ANGLE,
  OUTPUT_FORMATS,
  channelsOf,
  formatColour,
  fromChannels,
  fromHsv,
  hueOf,
  parseHex,
  pushSaved,
  stopAt,
  svOf,
  switchMode,
  toCss,
  type ColourStop,
  type ColourValue,
  type InputType,
  type Rgba,
} from './colour';
import type { CSSProperties } from 'react';
import '../Field/Field.css';
import './ColourPicker.css';

/** §9 saved colours kept in local storage. */
export const SAVED_COLOURS_LIMIT = 15;
export const SAVED_COLOURS_KEY = 'rampart-colour-picker-saved';
/** §9 two taps within 300 ms make a double tap. */
export const DOUBLE_TAP_MS = 300;

export interface ColourPickerProps {
  /** The last saved value; Cancel returns to it. */
  value: ColourValue;
  onSave: (value: ColourValue, css: string) => void;
  onCancel?: () => void;
  label?: string;
  /** Allow the gradient mode (default true). */
  allowGradient?: boolean;
}

const CHANNEL_NAMES: Record<string, string> = {
  r: 'Red',
  g: 'Green',
  b: 'Blue',
  h: 'Hue',
  s: 'Saturation',
  l: 'Lightness',
  v: 'Value',
  c: 'Cyan',
  m: 'Magenta',
  y: 'Yellow',
  k: 'Black',
};

/** Wall-clock time of a tap (kept out of the component so it reads as an event-time effect). */
const currentTime = () => Date.now();

const EMPTY: string[] = [];

/** The saved colours from local storage: HEX8 entries only, at most the limit; anything else reads as none. */
const readSaved = storedJsonReader('local', SAVED_COLOURS_KEY, (data): string[] =>
  Array.isArray(data)
    ? data
        .filter((x): x is string => typeof x === 'string' && /^#[0-9a-f]{8}$/i.test(x))
        .slice(0, SAVED_COLOURS_LIMIT)
    : EMPTY,
);

export function ColourPicker({
  value,
  onSave,
  onCancel,
  label = 'Colour',
  allowGradient = true,
}: ColourPickerProps) {
  const id = useId();
  const [draft, setDraft] = useState<ColourValue>(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }
  const [inputType, setInputType] = useState<InputType>('RGB');
  // The server renders no saved colours; the browser reads them after hydration.
  const saved = useSyncExternalStore(subscribeStorage, readSaved, () => EMPTY);

  const selected = draft.mode === 'gradient' ? (draft.stops.find((s) => s.select) ?? draft.stops[0]) : null;
  const colour: Rgba = draft.mode === 'solid' ? draft.colour : (selected as ColourStop);
  const hue = draft.mode === 'solid' ? draft.hue : (selected as ColourStop).hue;

  const setColour = (next: Rgba, nextHue: number) => {
    setDraft((d) =>
      d.mode === 'solid'
        ? { ...d, colour: next, hue: nextHue }
        : { ...d, stops: d.stops.map((s) => (s.select ? { ...s, ...next, hue: nextHue } : s)) },
    );
  };

  const [hexText, setHexText] = useState(formatColour(colour, 'HEX'));
  const hex = formatColour(colour, 'HEX');
  const [lastHex, setLastHex] = useState(hex);
  if (hex !== lastHex) {
    setLastHex(hex);
    setHexText(hex);
  }

  const save = () => {
    const entry = formatColour(colour, 'HEX8');
    // Storage full or blocked: the colour is still emitted, only the shortcut list is not kept.
    writeJson('local', SAVED_COLOURS_KEY, pushSaved(saved, entry, SAVED_COLOURS_LIMIT));
    onSave(draft, toCss(draft));
  };
  const cancel = () => {
    setDraft(value);
    onCancel?.();
  };

  const channels = channelsOf(colour, inputType, hue);
  const applyHex = () => {
    const parsed = parseHex(hexText, colour.a);
    if (!parsed) return setHexText(hex);
    setColour(parsed, hueOf(parsed, hue));
    setHexText(formatColour(parsed, 'HEX'));
  };

  return (
    <section
      className="colour-picker"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          cancel();
        }
      }}
    >
      {allowGradient && (
        <div className="colour-picker__modes" role="radiogroup" aria-label="Mode">
          {(['solid', 'gradient'] as const).map((m) => (
            <label key={m} className={`colour-picker__mode${draft.mode === m ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name={`${id}-mode`}
                checked={draft.mode === m}
                onChange={() => setDraft((d) => switchMode(d, m))}
              />
              {m === 'solid' ? 'Solid' : 'Gradient'}
            </label>
          ))}
        </div>
      )}

      {draft.mode === 'gradient' && <GradientEditor value={draft} onChange={setDraft} />}

      <SaturationArea colour={colour} hue={hue} onChange={setColour} />

      <label className="colour-picker__slider">
        <span>Hue</span>
        <input
          type="range"
          className="colour-picker__hue"
          min={0}
          max={360}
          step={0.1}
          value={hue}
          onChange={(e) => {
            const h = Number(e.target.value);
            const { s, v } = svOf(colour);
            setColour(fromHsv(h, s, v, colour.a), h);
          }}
        />
      </label>
      <label className="colour-picker__slider">
        <span>Alpha</span>
        <input
          type="range"
          className="colour-picker__alpha"
          min={0}
          max={100}
          step={1}
          value={colour.a}
          style={{ '--alpha-colour': formatColour(colour, 'HEX') } as CSSProperties}
          onChange={(e) => setColour({ ...colour, a: Number(e.target.value) }, hue)}
        />
      </label>

      <div className="colour-picker__inputs">
        <label className="colour-picker__type">
          <span>Input type</span>
          <select
            className="field__control"
            value={inputType}
            onChange={(e) => setInputType(e.target.value as InputType)}
          >
            {INPUT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        {CHANNELS[inputType].map(({ key, label: short, max }) => (
          <label key={`${inputType}-${key}`} className="colour-picker__channel">
            <span aria-hidden="true">{short}</span>
            <NumberField
              label={CHANNEL_NAMES[key]}
              max={max}
              step={key === 'h' ? 0.1 : 1}
              value={channels[key]}
              onCommit={(n) => {
                const next = fromChannels({ ...channels, [key]: n }, inputType, colour.a);
                setColour(
                  next.colour,
                  inputType === 'HSL' || inputType === 'HSV' ? next.hue : hueOf(next.colour, hue),
                );
              }}
            />
          </label>
        ))}
        <label className="colour-picker__channel">
          <span aria-hidden="true">A</span>
          <NumberField
            label="Alpha"
            max={100}
            value={colour.a}
            onCommit={(a) => setColour({ ...colour, a }, hue)}
          />
        </label>
        <label className="colour-picker__channel colour-picker__hex">
          <span>Hex</span>
          <input
            className="field__control"
            value={hexText}
            spellCheck={false}
            onChange={(e) => setHexText(e.target.value)}
            onBlur={applyHex}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyHex();
              }
            }}
          />
        </label>
      </div>

      <dl className="colour-picker__outputs">
        <div className="colour-picker__swatch" style={{ background: toCss(draft) }} aria-hidden="true" />
        {OUTPUT_FORMATS.map((f) => (
          <div key={f} className="colour-picker__output">
            <dt>{f}</dt>
            <dd>
              <code>{formatColour(colour, f)}</code>
            </dd>
          </div>
        ))}
        {draft.mode === 'gradient' && (
          <div className="colour-picker__output">
            <dt>CSS</dt>
            <dd>
              <code>{toCss(draft)}</code>
            </dd>
          </div>
        )}
      </dl>

      {saved.length > 0 && (
        <div className="colour-picker__saved">
          <h3 className="colour-picker__heading" id={`${id}-saved`}>
            Saved colours
          </h3>
          <ul aria-labelledby={`${id}-saved`}>
            {saved.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  className="colour-picker__saved-swatch"
                  style={{ background: s }}
                  aria-label={`Use saved colour ${s}`}
                  onClick={() => {
                    const parsed = parseHex(
                      s.slice(0, 7),
                      Math.round((parseInt(s.slice(7, 9), 16) / 255) * 100),
                    );
                    if (parsed) setColour(parsed, hueOf(parsed, hue));
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="colour-picker__actions">
        <button type="button" className="button" onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="button widget-button--primary" onClick={save}>
          Save
        </button>
      </div>
    </section>
  );
}

/**
 * A number field that lets the user type freely (an empty or partial entry is kept while editing) and commits every
 * usable number clamped to 0–max; leaving the field shows the committed value.
 */
function NumberField({
  label,
  value,
  max,
  step = 1,
  onCommit,
}: {
  label?: string;
  value: number;
  max: number;
  step?: number;
  onCommit: (n: number) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  return (
    <input
      type="number"
      className="field__control"
      aria-label={label}
      min={0}
      max={max}
      step={step}
      value={text ?? String(value)}
      onFocus={() => setText(String(value))}
      onBlur={() => setText(null)}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isFinite(n)) onCommit(clamp(n, 0, max));
      }}
    />
  );
}

/** The saturation (x) / brightness (y) area; pointer drag or arrow keys (Shift for steps of 10). */
function SaturationArea({
  colour,
  hue,
  onChange,
}: {
  colour: Rgba;
  hue: number;
  onChange: (c: Rgba, hue: number) => void;
}) {
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

/** Gradient stops on a bar (select, drag, arrows, Delete), angle and position inputs, add and remove. */
function GradientEditor({
  value,
  onChange,
}: {
  value: Extract<ColourValue, { mode: 'gradient' }>;
  onChange: (v: ColourValue) => void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const lastTap = useRef(Number.NEGATIVE_INFINITY);
  const selected = value.stops.find((s) => s.select) ?? value.stops[0];
  const select = (stopId: string) =>
    onChange({ ...value, stops: value.stops.map((s) => ({ ...s, select: s.id === stopId })) });
  const move = (stopId: string, percent: number) =>
    onChange({
      ...value,
      stops: value.stops.map((s) =>
        s.id === stopId ? { ...s, percent: Math.round(clamp(percent, 0, 100) * 10) / 10 } : s,
      ),
    });
  const add = (percent: number) => {
    const stop = stopAt(value.stops, percent);
    onChange({ ...value, stops: [...value.stops.map((s) => ({ ...s, select: false })), stop] });
  };
  const remove = (stopId: string) => {
    if (value.stops.length <= MIN_STOPS) return;
    const rest = value.stops.filter((s) => s.id !== stopId);
    onChange({ ...value, stops: rest.map((s, i) => ({ ...s, select: i === 0 })) });
  };
  const percentAt = (clientX: number) => {
    const box = bar.current?.getBoundingClientRect();
    return box && box.width > 0 ? ((clientX - box.left) / box.width) * 100 : 50;
  };
  const sorted = [...value.stops].sort((a, b) => a.percent - b.percent);
  const nextAfter = sorted[sorted.findIndex((s) => s.id === selected.id) + 1];
  const addPercent = nextAfter
    ? (selected.percent + nextAfter.percent) / 2
    : (selected.percent + (sorted[sorted.length - 2]?.percent ?? 0)) / 2;

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
            onCommit={(angle) => onChange({ ...value, angle })}
          />
        </label>
        <label className="colour-picker__channel">
          <span>Position (%)</span>
          <NumberField max={100} step={0.1} value={selected.percent} onCommit={(p) => move(selected.id, p)} />
        </label>
        <button type="button" className="button" onClick={() => add(addPercent)}>
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
