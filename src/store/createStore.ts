/**
 * The store factory: the same code builds the per-request store on the server and the page's store in the
 * browser. Sagas get their collaborators (API client, config, platform hooks) through the saga context, so a
 * test or a story passes its own.
 */
import {
  combineReducers,
  configureStore,
  type Reducer,
  legacy_createStore,
  type ReducersMapObject,
} from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import type { ApiClient } from '../api/client';
import { combineKeepingUnknown, reducers } from './reducers';
import type { signedInReducers } from './signedInReducers';

/** Every slice's state: the first-load slices and the signed-in ones (whose reducers may load later). */
export type RootState = ReturnType<
  ReturnType<typeof combineReducers<typeof reducers & typeof signedInReducers>>
>;

/** The reducers registered so far: the first-load ones, then those `registerReducers` adds. */
const registry: ReducersMapObject = { ...reducers };
const following = new Set<{ replaceReducer: (reducer: Reducer<RootState>) => void }>();

/** The root reducer of the registry as it is; the server creates a store per request, so it is combined once. */
let combined: Reducer<RootState> | null = null;
export function rootReducer(): Reducer<RootState> {
  return (combined ??= combineKeepingUnknown(registry) as unknown as Reducer<RootState>);
}

/**
 * Adds slices' reducers: stores created afterwards have them, and so does the browser's store (it follows the
 * registry), whose state for them so far (the server's) is kept and now reduced.
 */
export function registerReducers(map: ReducersMapObject) {
  if (Object.entries(map).every(([key, reducer]) => registry[key] === reducer)) return;
  Object.assign(registry, map);
  combined = null;
  for (const store of following) store.replaceReducer(rootReducer());
}

/** Makes `store` take the reducers registered from now on (the browser's one store). */
export function followRegisteredReducers(store: { replaceReducer: (reducer: Reducer<RootState>) => void }) {
  following.add(store);
}

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
    reducer: rootReducer(),
    preloadedState: options.preloadedState as RootState | undefined,
    // The default middleware are the development checks (immutability, serializability): none in production.
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
    devTools: typeof window !== 'undefined' && process.env.NODE_ENV !== 'production',
  });
  return Object.assign(store, {
    runSaga: (saga: Saga): Task => sagaMiddleware.run(saga),
  });
}

/**
 * The store of a server render whose state is complete before it renders (no sagas to run): that state under the
 * registered reducers, without middleware or enhancers. `runSaga` throws.
 */
export function createRenderStore(state: RootState): AppStore {
  const store = legacy_createStore(rootReducer(), state);
  return Object.assign(store, {
    runSaga: (): Task => {
      throw new Error('this store runs no sagas');
    },
  }) as unknown as AppStore;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
