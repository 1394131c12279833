/**
 * The windows manager's state in the store. Views send machine events (`windowsEventSent`); the windows saga sends
 * them to the page's windows machine actor, mirrors its snapshots here (`windowsStateChanged`) and acts on what the
 * machine emits. The machine decides every change; the store only keeps its value and context (serialisable,
 * server-rendered).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WindowsContext, WindowsEvent } from '../../../machines/windows.machine';
import type { WindowAspect, WindowPosition, WindowSpec } from '../../windows/types';

export interface WindowsState {
  value: 'empty' | 'open';
  context: WindowsContext;
}

const initialState: WindowsState = { value: 'empty', context: { windows: [], activeId: null, refusals: 0 } };

export const windowsSlice = createSlice({
  name: 'windows',
  initialState,
  reducers: {
    /** A view's event for the machine; the windows saga sends it to the actor. */
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
export const updateWindow = (id: string, change: { title?: string; data?: Record<string, unknown> }) =>
  windowsEventSent({ type: 'window.update', id, ...change });

export const selectWindows = (s: { windows: WindowsState }) => s.windows.context.windows;
export const selectActiveWindowId = (s: { windows: WindowsState }) => s.windows.context.activeId;
export const selectHasRightWindow = (s: { windows: WindowsState }) =>
  s.windows.context.windows.some((w) => w.aspect === 'right');
