/**
 * What every page renders inside, on the server and in the browser: the store, the app's services and the server
 * field errors every form input reads.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../store/createStore';
import { StoreFieldErrors } from './forms/StoreFieldErrors';
import { ServicesProvider, type Services } from './services';

export function AppProviders({
  store,
  services,
  children,
}: {
  store: AppStore;
  services: Services;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <ServicesProvider services={services}>
        <StoreFieldErrors>{children}</StoreFieldErrors>
      </ServicesProvider>
    </Provider>
  );
}
