/** Browser entry: rebuild the store from the server's state, resolve the page's lazy routes, hydrate. */
import './app/styles/global.css';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createBrowserApiClient } from './api/client';
import { createSessionGate, withSessionGate } from './api/sessionGate';
import { AppProviders } from './app/AppProviders';
import { ErrorPage } from './app/errors/ErrorPage';
import { routeAreas, routes } from './app/routes';
import { routeAreaOf } from './app/routing/areaGate';
import { mayOpen } from './shared/privileges';
import type { Services } from './app/services';
import { configureRouting } from './app/routing/options';
import { setPreloadRoutes } from './app/routing/preload';
import { registerFeatures } from './app/features';
import { createAppStore, followRegisteredReducers } from './store/createStore';
import { styleRequested } from './store/slices/layout.slice';
import { rootSaga } from '../sagas/root';
import { setFeatureSagaRunner } from '../sagas/featureSagas';
import { installFatalErrorHandler } from './runtime/fatalErrors';
import { resolveLazyMatches } from './runtime/hydrateLazy';
import { watchNavigations } from './runtime/navigation';
import { readServerState } from './runtime/readState';
import { startInspection } from './qa/inspect';

let root: Root | null = null;
const container = document.getElementById('root')!;

/** Fatal errors replace the page with the error page (crawlers only get a log entry). */
function showFatalErrorPage() {
  root?.unmount();
  container.textContent = '';
  root = createRoot(container);
  root.render(<ErrorPage status={500} />);
}
installFatalErrorHandler(showFatalErrorPage);

async function start() {
  const state = readServerState();
  // The one API client of the page: sagas get it through their context, views through the services provider.
  // Its session gate asks for a re-authentication when a sensitive change needs one, then sends the change again.
  const sessionGate = createSessionGate();
  const services: Services = {
    api: withSessionGate(createBrowserApiClient(), sessionGate),
    origin: window.location.origin,
  };
  const store = createAppStore({
    preloadedState: state,
    context: { api: services.api, platform: 'browser', storage: window.localStorage, sessionGate },
  });
  // The signed-in slices' reducers arrive with the core layout's chunk; until then their server state is kept.
  followRegisteredReducers(store);
  const { config } = store.getState();
  // The QA panel (Ctrl+Alt+Q): development builds, or an admin's RAMPART_QA_PANEL; its code is a lazy chunk.
  if (config.env === 'development' || config.qaPanel) {
    startInspection();
    void import(/* webpackChunkName: "qa-panel" */ './qa/panel/install').then((m) => m.installQaPanel());
  }
  configureRouting({ renderMode: config.renderMode });
  registerFeatures();
  store.runSaga(rootSaga);
  setFeatureSagaRunner((saga) => store.runSaga(saga));
  store.dispatch(styleRequested());

  setPreloadRoutes(routes);
  await resolveLazyMatches(routes, window.location.pathname);
  const router = createBrowserRouter(routes);
  watchNavigations(router, {
    updateAvailable: () => store.getState().build.updateAvailable,
    dispatch: store.dispatch,
    fullLoad: (href) => window.location.assign(href),
    mayOpen: (matches) => {
      const area = routeAreaOf(matches, routeAreas);
      return !area || mayOpen(store.getState().session.user, area);
    },
  });

  root = hydrateRoot(
    container,
    <AppProviders store={store} services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

void start();
