/**
 * Wraps a story in a store (with canned state and a fake API client) and a memory router, the way the app wraps
 * pages. Stories never reach a network.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ApiClient } from '../../src/api/client';
import { createAppStore, type RootState } from '../../src/store/createStore';

/** An API client whose every call fails as if offline: stories show what the store already holds. */
export const offlineApi: ApiClient = (() => {
  const fail = () => Promise.reject(new Error('stories are offline'));
  return { request: fail, get: fail, post: fail, put: fail, patch: fail, delete: fail };
})();

export function makeStore(preloadedState: Partial<RootState> = {}, api: ApiClient = offlineApi) {
  return createAppStore({ preloadedState, context: { api, platform: 'browser' } });
}

export function StoryProviders({
  children,
  state,
  path = '/',
  routes,
}: {
  children?: ReactNode;
  state?: Partial<RootState>;
  path?: string;
  routes?: RouteObject[];
}) {
  const store = makeStore(state);
  const router = createMemoryRouter(routes ?? [{ path: '*', element: children }], { initialEntries: [path] });
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
