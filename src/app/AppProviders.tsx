/**
 * What every page renders inside, on the server and in the browser: the store, the app's services and the server
 * field errors every form input reads.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore, RootState } from '../store/createStore';
import { StoreFieldErrors } from './forms/StoreFieldErrors';
import { ServicesProvider, type Services } from './services';

export function AppProviders({
  store,
  services,
  serverState,
  children,
}: {
  store: AppStore;
  services: Services;
  /**
   * In the browser, the state the server rendered from. Hydration reads it instead of the store's current state,
   * which sagas may already have moved on (a job that started or ended, an answer that arrived) while the page's
   * chunks loaded; React then renders the difference as an ordinary update instead of failing the hydration.
   */
  serverState?: RootState;
  children: ReactNode;
}) {
  return (
    <Provider store={store} serverState={serverState}>
      <ServicesProvider services={services}>
        <StoreFieldErrors>{children}</StoreFieldErrors>
      </ServicesProvider>
    </Provider>
  );
}
