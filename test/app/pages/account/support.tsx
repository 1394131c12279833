/** Renders an account screen the way the app does: a store, a memory router, the notification slice to read. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ApiClient } from '../../../../src/api/client';
import { pageLoader } from '../../../../src/app/pages/account/useAccountEffects';
import { createAppStore, type RootState } from '../../../../src/store/createStore';

const offline: ApiClient = (() => {
  const fail = () => Promise.reject(new Error('offline'));
  return { request: fail, get: fail, post: fail, put: fail, patch: fail, delete: fail };
})();

export function renderScreen(
  element: ReactElement,
  options: { path?: string; route?: string; state?: Partial<RootState> } = {},
) {
  const store = createAppStore({
    preloadedState: options.state,
    context: { api: offline, platform: 'browser' },
  });
  // One route for every path: navigations are read from router.state.
  const router = createMemoryRouter([{ path: options.route ?? '*', element }], {
    initialEntries: [options.path ?? '/'],
  });
  const loads: string[] = [];
  pageLoader.assign = (url: string) => loads.push(url);
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const toasts = () =>
    store
      .getState()
      .notifications.toasts.map(({ level, message, duration }) => ({ level, message, duration }));
  return { ...view, store, router, user, loads, toasts };
}
