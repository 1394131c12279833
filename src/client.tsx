/**
 * Browser entry: rebuild the store from the server's state, resolve the page's lazy routes, hydrate.
 *
 * The page is already painted by the server, so start-up is cut into tasks (`nextTask`) instead of one long script
 * run: the store and its sagas, then the routes and the page's lazy chunks, then hydration, which React slices into
 * short steps because it runs as a transition. The modules of each step are imported eagerly (same bundle, no extra
 * request) but evaluated only when their step runs.
 */
import './app/styles/global.css';
import type { Root } from 'react-dom/client';
import { installFatalErrorHandler } from './runtime/fatalErrors';
import { nextTask } from './runtime/nextTask';
import { readServerState } from './runtime/readState';
import type { Saga } from 'redux-saga';

let root: Root | null = null;
const container = document.getElementById('root')!;

/** Fatal errors replace the page with the error page (crawlers only get a log entry). */
async function showFatalErrorPage() {
  const [{ createRoot }, { ErrorPage }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react-dom/client'),
    import(/* webpackMode: "eager" */ './app/errors/ErrorPage'),
  ]);
  root?.unmount();
  container.textContent = '';
  root = createRoot(container);
  root.render(<ErrorPage status={500} />);
}
installFatalErrorHandler(() => void showFatalErrorPage());

/** The store with its API client, then its sagas running (each a step of its own). */
async function startStore() {
  const [{ createBrowserApiClient }, { createSessionGate, withSessionGate }, store, layout] =
    await Promise.all([
      import(/* webpackMode: "eager" */ './api/client'),
      import(/* webpackMode: "eager" */ './api/sessionGate'),
      import(/* webpackMode: "eager" */ './store/createStore'),
      import(/* webpackMode: "eager" */ './store/slices/layout.slice'),
    ]);
  // The one API client of the page: sagas get it through their context, views through the services provider.
  // Its session gate asks for a re-authentication when a sensitive change needs one, then sends the change again.
  const sessionGate = createSessionGate();
  const services = {
    api: withSessionGate(createBrowserApiClient(), sessionGate),
    origin: window.location.origin,
  };
  const appStore = store.createAppStore({
    preloadedState: readServerState(),
    context: { api: services.api, platform: 'browser', storage: window.localStorage, sessionGate },
  });
  // The signed-in slices' reducers arrive with the core layout's chunk; until then their server state is kept.
  store.followRegisteredReducers(appStore);

  await nextTask();
  const { rootSaga } = await import(/* webpackMode: "eager" */ '../sagas/root');
  appStore.runSaga(rootSaga);
  appStore.dispatch(layout.styleRequested());
  return { store: appStore, services };
}

async function start() {
  await nextTask();
  const { store, services } = await startStore();
  const { config } = store.getState();
  // The QA panel (Ctrl+Alt+Q): development builds, or an admin's RAMPART_QA_PANEL; its code is a lazy chunk.
  if (config.env === 'development' || config.qaPanel) {
    void import(/* webpackMode: "eager" */ './qa/inspect').then((m) => m.startInspection());
    void import(/* webpackChunkName: "qa-panel" */ './qa/panel/install').then((m) => m.installQaPanel());
  }

  await nextTask();
  const [
    { routeAreas, routes },
    { configureRouting },
    { setPreloadRoutes },
    { registerFeatures },
    featureSagas,
    { lazyMatches },
  ] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/routes'),
    import(/* webpackMode: "eager" */ './app/routing/options'),
    import(/* webpackMode: "eager" */ './app/routing/preload'),
    import(/* webpackMode: "eager" */ './app/features'),
    import(/* webpackMode: "eager" */ '../sagas/featureSagas'),
    import(/* webpackMode: "eager" */ './runtime/hydrateLazy'),
  ]);
  configureRouting({ renderMode: config.renderMode });
  registerFeatures();
  setPreloadRoutes(routes);
  // The page's lazy routes, one step each; the sagas their chunks start wait for their own steps, all before
  // hydration (so no action of the first render is missed); chunks loaded later start theirs at once.
  const featureStarts: Saga[] = [];
  featureSagas.setFeatureSagaRunner((saga) => featureStarts.push(saga));
  for (const load of lazyMatches(routes, window.location.pathname)) {
    await nextTask();
    await load();
  }
  for (const saga of featureStarts) {
    await nextTask();
    store.runSaga(saga);
  }
  featureSagas.setFeatureSagaRunner((saga) => store.runSaga(saga));

  await nextTask();
  const [
    { startTransition },
    { hydrateRoot },
    { createBrowserRouter },
    { RouterProvider },
    { AppProviders },
    { routeAreaOf },
    { mayOpen },
    { watchNavigations },
  ] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
    import(/* webpackMode: "eager" */ 'react-router'),
    import(/* webpackMode: "eager" */ 'react-router/dom'),
    import(/* webpackMode: "eager" */ './app/AppProviders'),
    import(/* webpackMode: "eager" */ './app/routing/areaGate'),
    import(/* webpackMode: "eager" */ './shared/privileges'),
    import(/* webpackMode: "eager" */ './runtime/navigation'),
  ]);
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

  // As a transition, hydration is rendered in short slices that yield to the browser (a plain hydrateRoot renders
  // the whole page in one task); the server's HTML stays visible and usable meanwhile.
  startTransition(() => {
    root = hydrateRoot(
      container,
      <AppProviders store={store} services={services}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
}

void start();
