/** Renders a configuration page the way the app does: a store running the resources saga and a data router. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resourcesSaga } from '../../../../sagas/resources.saga';
import type { ApiClient } from '../../../../src/api/client';
import type { RootState } from '../../../../src/store/createStore';
import { makeTestStore } from '../../../sagas/fakes';

export function renderPage(
  element: ReactElement,
  options: {
    api: ApiClient;
    path: string;
    state?: Partial<RootState>;
    /** The URL opened (default: `path`). */ entry?: string;
  },
) {
  const store = makeTestStore({
    api: options.api,
    state: { session: { loggedIn: true, user: null }, ...options.state },
  });
  store.runSaga(resourcesSaga);
  const router = createMemoryRouter(
    [
      { path: options.path, element },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    { initialEntries: [options.entry ?? options.path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
