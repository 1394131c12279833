/** Renders a configuration page the way the app does: a store running the resources saga and a data router. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resourcesSaga } from '../../../../sagas/resources.saga';
import type { ApiClient } from '../../../../src/api/client';
import type { Saga } from 'redux-saga';
import type { RootState, SagaContext } from '../../../../src/store/createStore';
import { makeTestStore } from '../../../sagas/fakes';

export function renderPage(
  element: ReactElement,
  options: {
    api: ApiClient;
    path: string;
    state?: Partial<RootState>;
    /** The URL opened (default: `path`). */ entry?: string;
    /** Saga context beside the API (e.g. the `eventSource` factory of a page's stream). */
    context?: Partial<SagaContext>;
    /** Sagas to run besides the resources saga (e.g. a page's stream). */
    sagas?: Saga[];
  },
) {
  const store = makeTestStore({
    api: options.api,
    state: { session: { loggedIn: true, user: null }, ...options.state },
    ...(options.context ? { context: options.context } : {}),
  });
  store.runSaga(resourcesSaga);
  for (const saga of options.sagas ?? []) store.runSaga(saga);
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
