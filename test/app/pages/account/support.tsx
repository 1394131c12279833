/**
 * Renders an account screen the way the app does: a store running the error saga, the app's providers (services,
 * field errors), a memory router, the notification slice to read.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { errorsSaga } from '../../../../sagas/errors.saga';
import { withCall, type ApiClient } from '../../../../src/api/client';
import { AppProviders } from '../../../../src/app/AppProviders';
import { pageLoader } from '../../../../src/app/pages/account/useAccountEffects';
import { createAppStore, type RootState } from '../../../../src/store/createStore';

const offline: ApiClient = (() => {
  const fail = () => Promise.reject(new Error('offline'));
  return withCall({ request: fail, get: fail, post: fail, put: fail, patch: fail, delete: fail });
})();

export function renderScreen(
  element: ReactElement,
  options: {
    path?: string;
    route?: string;
    state?: Partial<RootState>;
    api?: ApiClient;
    /** The screen arrives server-rendered; this acts on its HTML (types into it) before it hydrates. */
    beforeHydration?: (container: HTMLElement) => void;
  } = {},
) {
  const api = options.api ?? offline;
  const store = createAppStore({
    preloadedState: options.state,
    context: { api, platform: 'browser' },
  });
  store.runSaga(errorsSaga);
  // One route for every path: navigations are read from router.state.
  const router = createMemoryRouter([{ path: options.route ?? '*', element }], {
    initialEntries: [options.path ?? '/'],
  });
  const loads: string[] = [];
  pageLoader.assign = (url: string) => loads.push(url);
  // No timer between keystrokes: the replays type thousands of characters, and each timer cost a macrotask.
  const user = userEvent.setup({ delay: null });
  const tree = (
    <AppProviders store={store} services={{ api, origin: window.location.origin }}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  let container: HTMLElement | undefined;
  if (options.beforeHydration) {
    container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(tree);
    options.beforeHydration(container);
  }
  const view = render(tree, container ? { container, hydrate: true } : {});
  const toasts = () =>
    store
      .getState()
      .notifications.toasts.map(({ level, message, duration }) => ({ level, message, duration }));
  return { ...view, store, router, user, loads, toasts };
}
