/**
 * Wraps a story in a store (with canned state and a fake API client) and a memory router, the way the app wraps
 * pages. Stories never reach a network.
 */
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Saga } from 'redux-saga';
import { errorsSaga } from '../../sagas/errors.saga';
import { withCall, type ApiClient } from '../../src/api/client';
import { AppProviders } from '../../src/app/AppProviders';
import {
  createAppStore,
  registerReducers,
  type RootState,
  type SagaContext,
} from '../../src/store/createStore';
import { signedInReducers } from '../../src/store/signedInReducers';

// Stories render any part of the console, so their stores have every slice.
registerReducers(signedInReducers);

/** An API client whose every call fails as if offline: stories show what the store already holds. */
export const offlineApi: ApiClient = (() => {
  const fail = () => Promise.reject(new Error('stories are offline'));
  return withCall({ request: fail, get: fail, post: fail, put: fail, patch: fail, delete: fail });
})();

/** A store whose errors reach the one error handler (its toasts and field errors show in the story). */
export function makeStore(
  preloadedState: Partial<RootState> = {},
  api: ApiClient = offlineApi,
  sagas: Saga[] = [],
  context: Partial<SagaContext> = {},
) {
  const store = createAppStore({ preloadedState, context: { api, platform: 'browser', ...context } });
  store.runSaga(errorsSaga);
  for (const saga of sagas) store.runSaga(saga);
  return store;
}

export function StoryProviders({
  children,
  state,
  path = '/',
  routes,
  api = offlineApi,
  sagas,
  context,
}: {
  children?: ReactNode;
  state?: Partial<RootState>;
  path?: string;
  routes?: RouteObject[];
  /** The app's one API client, as the sagas and the views see it. */
  api?: ApiClient;
  /** Sagas to run besides the error handler (e.g. the resources saga, for a story whose play function saves). */
  sagas?: Saga[];
  /** Saga context beside the API (e.g. an `eventSource` factory for a page's stream). */
  context?: Partial<SagaContext>;
}) {
  const store = makeStore(state, api, sagas, context);
  const router = createMemoryRouter(routes ?? [{ path: '*', element: children }], { initialEntries: [path] });
  return (
    <AppProviders store={store} services={{ api, origin: window.location.origin }}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
