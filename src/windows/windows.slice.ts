/**
 * The windows manager's state in the store. Views send machine events (`windowsEventSent`); the windows saga steps
 * the machine with xstate's pure `transition`, stores the result (`windowsStateChanged`) and acts on what the
 * machine emits. The machine decides every change; the store only keeps its value and context (serialisable,
 * server-rendered).
 */
import { createSlice, current, isDraft, type PayloadAction } from '@reduxjs/toolkit';
import { transition } from 'xstate';
import {
  windowsMachine,
  type WindowsContext,
  type WindowsEmitted,
  type WindowsEvent,
} from '../../machines/windows.machine';
import type { WindowAspect, WindowPosition, WindowSpec } from './types';

export interface WindowsState {
  value: 'empty' | 'open';
  context: WindowsContext;
}

const initialState: WindowsState = { value: 'empty', context: { windows: [], activeId: null, refusals: 0 } };

/** One step of the machine: the next stored state and the events the machine emitted. */
export function stepWindows(
  state: WindowsState,
  event: WindowsEvent,
): { state: WindowsState; emitted: WindowsEmitted[] } {
  const plain = isDraft(state) ? current(state) : state;
  const snapshot = windowsMachine.resolveState({ value: plain.value, context: plain.context });
  const [next, actions] = transition(windowsMachine, snapshot, event);
  // Emitted events come back as `xstate.emit` actions of the pure transition.
  const emitted = actions.flatMap((a: { type: string; params?: unknown }) =>
    a.type === 'xstate.emit' ? [(a.params as { event: WindowsEmitted }).event] : [],
  );
  return { state: { value: next.value as WindowsState['value'], context: next.context }, emitted };
}

/** Applies one machine event to the stored state. */
export const applyWindowsEvent = (state: WindowsState, event: WindowsEvent): WindowsState =>
  stepWindows(state, event).state;

export const windowsSlice = createSlice({
  name: 'windows',
  initialState,
  reducers: {
    /** A view's event for the machine; the windows saga steps the machine with it. */
    windowsEventSent: (_state, _action: PayloadAction<WindowsEvent>) => {},
    windowsStateChanged: (_state, action: PayloadAction<WindowsState>) => action.payload,
  },
});

export const { windowsEventSent, windowsStateChanged } = windowsSlice.actions;

/** Action creators features use. */
export const openWindow = (window: WindowSpec) => windowsEventSent({ type: 'window.open', window });
export const closeWindow = (id: string) => windowsEventSent({ type: 'window.close', id });
export const focusWindow = (id: string) => windowsEventSent({ type: 'window.focus', id });
export const minimizeWindow = (id: string) => windowsEventSent({ type: 'window.minimize', id });
export const restoreWindow = (id: string) => windowsEventSent({ type: 'window.restore', id });
export const setWindowAspect = (id: string, aspect: WindowAspect) =>
  windowsEventSent({ type: 'window.setAspect', id, aspect });
export const moveWindow = (id: string, position: WindowPosition) =>
  windowsEventSent({ type: 'window.move', id, position });
export const toggleWindowExtended = (id: string) => windowsEventSent({ type: 'window.toggleExtended', id });

export const selectWindows = (s: { windows: WindowsState }) => s.windows.context.windows;
export const selectActiveWindowId = (s: { windows: WindowsState }) => s.windows.context.activeId;
export const selectHasRightWindow = (s: { windows: WindowsState }) =>
  s.windows.context.windows.some((w) => w.aspect === 'right');
