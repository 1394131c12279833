/**
 * The windows manager's state in the store. The reducer runs the windows machine's pure `transition`, so the
 * machine decides every change and the store only keeps its value and context (serialisable, server-rendered).
 */
import { createSlice, current, isDraft, type PayloadAction } from '@reduxjs/toolkit';
import { transition } from 'xstate';
import { windowsMachine, type WindowsContext, type WindowsEvent } from '../../machines/windows.machine';
import type { WindowAspect, WindowPosition, WindowSpec } from './types';

export interface WindowsState {
  value: 'empty' | 'open';
  context: WindowsContext;
}

const initialState: WindowsState = { value: 'empty', context: { windows: [], activeId: null, refusals: 0 } };

/** Applies one machine event to the stored state. */
export function applyWindowsEvent(state: WindowsState, event: WindowsEvent): WindowsState {
  const plain = isDraft(state) ? current(state) : state;
  const snapshot = windowsMachine.resolveState({ value: plain.value, context: plain.context });
  const [next] = transition(windowsMachine, snapshot, event);
  return { value: next.value as WindowsState['value'], context: next.context };
}

export const windowsSlice = createSlice({
  name: 'windows',
  initialState,
  reducers: {
    windowsEventSent: (state, action: PayloadAction<WindowsEvent>) =>
      applyWindowsEvent(state, action.payload),
  },
});

export const { windowsEventSent } = windowsSlice.actions;

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
