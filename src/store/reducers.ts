/**
 * The first-load slices' reducers, by their key in the root state: what every page, the account pages too, reads.
 * A feature adds its slice here, or to signedInReducers.ts when only the core layout's pages read it.
 */
import { combineReducers, type Reducer, type ReducersMapObject, type UnknownAction } from '@reduxjs/toolkit';
import { buildSlice } from './slices/build.slice';
import { configSlice } from './slices/config.slice';
import { layoutSlice } from './slices/layout.slice';
import { menuSlice } from './slices/menu.slice';
import { notificationsSlice } from './slices/notifications.slice';
import { sessionSlice } from './slices/session.slice';
import { sessionLifetimeSlice } from './slices/sessionLifetime.slice';
import { fieldErrorsSlice } from './slices/fieldErrors.slice';
import { jobWindowsSlice } from './slices/jobWindows.slice';

export const reducers = {
  config: configSlice.reducer,
  session: sessionSlice.reducer,
  sessionLifetime: sessionLifetimeSlice.reducer,
  menu: menuSlice.reducer,
  layout: layoutSlice.reducer,
  build: buildSlice.reducer,
  notifications: notificationsSlice.reducer,
  fieldErrors: fieldErrorsSlice.reducer,
  jobWindows: jobWindowsSlice.reducer,
};

type AnyState = Record<string, unknown>;

/**
 * Combines `map` and keeps the state of keys it has no reducer for as they are: the server-rendered state of a
 * slice whose reducer loads later (with the core layout's chunk) survives until that reducer arrives.
 */
export function combineKeepingUnknown(
  map: ReducersMapObject,
): Reducer<AnyState, UnknownAction, AnyState | undefined> {
  const combined = combineReducers(map) as unknown as Reducer<AnyState, UnknownAction, AnyState | undefined>;
  return (state, action) => {
    if (state === undefined) return combined(undefined, action);
    let known: AnyState | null = null;
    let unknown: AnyState | null = null;
    for (const key of Object.keys(state)) {
      if (key in map) (known ??= {})[key] = state[key];
      else (unknown ??= {})[key] = state[key];
    }
    if (!unknown) return combined(state, action);
    const input = known ?? {};
    const next = combined(input, action);
    return next === input ? state : { ...unknown, ...next };
  };
}
