/**
 * The store factory: the same code builds the per-request store on the server and the page's store in the
 * browser. Sagas get their collaborators (API client, config, platform hooks) through the saga context, so a
 * test or a story passes its own.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import type { ApiClient } from '../api/client';
import { reducers } from './reducers';

export const rootReducer = combineReducers(reducers);
export type RootState = ReturnType<typeof rootReducer>;

/** What sagas read with `getContext`. */
export interface SagaContext {
  api: ApiClient;
  /** `server` while rendering a request: long-lived browser effects (polling, streams) are not started. */
  platform: 'server' | 'browser';
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  [key: string]: unknown;
}

export function createAppStore(options: { preloadedState?: Partial<RootState>; context: SagaContext }) {
  const sagaMiddleware = createSagaMiddleware({ context: options.context });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
    devTools: typeof window !== 'undefined' && process.env.NODE_ENV !== 'production',
  });
  return Object.assign(store, {
    runSaga: (saga: Saga): Task => sagaMiddleware.run(saga),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
