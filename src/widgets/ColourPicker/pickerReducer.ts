/**
 * The colour picker's draft as a pure reducer (§3 colour stop, §5 ranges, §9 gradient rules): every edit of the
 * parts (mode, colour, gradient stops, angle) is an action, so the rules are tested without rendering. New stop ids
 * come in the actions, which keeps the reducer free of clocks and counters.
 */
import { clamp } from '../../lib/validation';
import {
  MAX_ANGLE,
  MIN_STOPS,
  stopAt,
  switchMode,
  type ColourStop,
  type ColourValue,
  type Rgba,
} from './colour';

export type GradientValue = Extract<ColourValue, { mode: 'gradient' }>;

export type PickerAction =
  /** Back to a given value (Cancel, or a new saved value from the caller). */
  | { type: 'reset'; value: ColourValue }
  | { type: 'setMode'; mode: ColourValue['mode']; stopIds: readonly [string, string] }
  /** The colour being edited: the solid colour or the selected stop's. */
  | { type: 'setColour'; colour: Rgba; hue: number }
  | { type: 'selectStop'; id: string }
  | { type: 'moveStop'; id: string; percent: number }
  | { type: 'addStop'; percent: number; id: string }
  | { type: 'removeStop'; id: string }
  | { type: 'setAngle'; angle: number };

/** The stop being edited (the first one when none is marked). */
export function selectedStop(value: GradientValue): ColourStop {
  return value.stops.find((s) => s.select) ?? value.stops[0];
}

/** The colour being edited and its hue: the solid colour, or the selected stop's. */
export function currentColour(value: ColourValue): { colour: Rgba; hue: number } {
  if (value.mode === 'solid') return { colour: value.colour, hue: value.hue };
  const { r, g, b, a, hue } = selectedStop(value);
  return { colour: { r, g, b, a }, hue };
}

/** Where "Add stop" puts a stop: halfway to the next stop, or for the last stop halfway back to the one before. */
export function addStopPercent(value: GradientValue): number {
  const selected = selectedStop(value);
  const sorted = [...value.stops].sort((a, b) => a.percent - b.percent);
  const nextAfter = sorted[sorted.findIndex((s) => s.id === selected.id) + 1];
  return nextAfter
    ? (selected.percent + nextAfter.percent) / 2
    : (selected.percent + (sorted[sorted.length - 2]?.percent ?? 0)) / 2;
}

function gradientReducer(state: GradientValue, action: PickerAction): GradientValue {
  switch (action.type) {
    case 'selectStop':
      return { ...state, stops: state.stops.map((s) => ({ ...s, select: s.id === action.id })) };
    case 'moveStop': {
      // §9 positions 0–100 %, kept to one decimal.
      const percent = Math.round(clamp(action.percent, 0, 100) * 10) / 10;
      return { ...state, stops: state.stops.map((s) => (s.id === action.id ? { ...s, percent } : s)) };
    }
    case 'addStop':
      return {
        ...state,
        stops: [
          ...state.stops.map((s) => ({ ...s, select: false })),
          stopAt(state.stops, action.percent, action.id),
        ],
      };
    case 'removeStop': {
      // §5 a gradient keeps at least 2 stops; the first remaining one is selected.
      if (state.stops.length <= MIN_STOPS || !state.stops.some((s) => s.id === action.id)) return state;
      const rest = state.stops.filter((s) => s.id !== action.id);
      return { ...state, stops: rest.map((s, i) => ({ ...s, select: i === 0 })) };
    }
    case 'setAngle':
      return { ...state, angle: clamp(action.angle, 0, MAX_ANGLE) };
    default:
      return state;
  }
}

export function pickerReducer(state: ColourValue, action: PickerAction): ColourValue {
  switch (action.type) {
    case 'reset':
      return action.value;
    case 'setMode':
      return switchMode(state, action.mode, action.stopIds);
    case 'setColour': {
      const { colour, hue } = action;
      if (state.mode === 'solid') return { ...state, colour, hue };
      return { ...state, stops: state.stops.map((s) => (s.select ? { ...s, ...colour, hue } : s)) };
    }
    default:
      return state.mode === 'gradient' ? gradientReducer(state, action) : state;
  }
}
