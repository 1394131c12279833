/**
 * A screen whose actor a saga hosts (the agreement modal, the windows manager), for the screen stories beside their
 * chart: one store for the component's life, the given sagas running on it, and the chart's `inspect` handed to
 * them through the saga context (the sagas fall back to the QA panel's otherwise).
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { Saga } from 'redux-saga';
import { errorsSaga } from '../../sagas/errors.saga';
import type { ApiClient } from '../../src/api/client';
import { AppProviders } from '../../src/app/AppProviders';
import type { Inspect } from '../../src/qa/inspect';
import { createAppStore, type RootState } from '../../src/store/createStore';
import { offlineApi } from './StoryProviders';

export function HostedScreen({
  children,
  sagas,
  inspect,
  state,
  api = offlineApi,
}: {
  children: ReactNode;
  sagas: Saga[];
  inspect: Inspect;
  state?: Partial<RootState>;
  api?: ApiClient;
}) {
  const [store] = useState(() =>
    createAppStore({ preloadedState: state, context: { api, platform: 'browser', inspect } }),
  );
  // The sagas run once for the store's life.
  const [running] = useState(() => [errorsSaga, ...sagas]);
  useEffect(() => {
    const tasks = running.map((saga) => store.runSaga(saga));
    return () => tasks.forEach((t) => t.cancel());
  }, [store, running]);
  return (
    <AppProviders store={store} services={{ api, origin: window.location.origin }}>
      {children}
    </AppProviders>
  );
}
