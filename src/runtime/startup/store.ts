/** Start-up step: the page's one API client and the store rebuilt from the server's state. */
import { createBrowserApiClient } from '../../api/client';
import { createSessionGate, withSessionGate } from '../../api/sessionGate';
import type { Services } from '../../app/services';
import {
  createAppStore,
  followRegisteredReducers,
  type AppStore,
  type RootState,
} from '../../store/createStore';
import { readServerState } from '../readState';

export function startStore(): { store: AppStore; services: Services; serverState: RootState } {
  // Sagas get the client through their context, views through the services provider. Its session gate asks for a
  // re-authentication when a sensitive change needs one, then sends the change again.
  const sessionGate = createSessionGate();
  const services: Services = {
    api: withSessionGate(createBrowserApiClient(), sessionGate),
    origin: window.location.origin,
  };
  const store = createAppStore({
    preloadedState: readServerState(),
    context: { api: services.api, platform: 'browser', storage: window.localStorage, sessionGate },
  });
  // The signed-in slices' reducers arrive with the core layout's chunk; until then their server state is kept.
  followRegisteredReducers(store);
  // What the server rendered from, before any saga runs: hydration reads it (AppProviders).
  return { store, services, serverState: store.getState() };
}
