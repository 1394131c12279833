/** Renders a PKI page under its route pattern (detail pages read `:id`), with the resources saga running. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resourcesSaga } from '../../../../sagas/resources.saga';
import type { ApiClient } from '../../../../src/api/client';
import type { Saga } from 'redux-saga';
import type { RootState, SagaContext } from '../../../../src/store/createStore';
import { makeTestStore } from '../../../sagas/fakes';

export function renderPki(
  element: ReactElement,
  options: {
    api: ApiClient;
    route: string;
    path: string;
    state?: Partial<RootState>;
    context?: Partial<SagaContext>;
    sagas?: Saga[];
  },
) {
  const store = makeTestStore({
    api: options.api,
    state: { session: { loggedIn: true, user: null }, ...options.state },
    context: options.context,
  });
  store.runSaga(resourcesSaga);
  for (const saga of options.sagas ?? []) store.runSaga(saga);
  const router = createMemoryRouter(
    [
      { path: options.route, element },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { initialEntries: [options.path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
