/**
 * Browser entry: rebuild the store from the server's state, resolve the page's lazy routes, hydrate.
 *
 * The page is already painted by the server, so start-up is cut into steps (src/runtime/startup/), each run in a
 * task of its own (`nextTask`) instead of one long script run: the store, its sagas, the routes, each lazy route of
 * the location and each saga its chunk starts, then hydration, which React slices into short steps because it runs
 * as a transition. A step's module is imported eagerly (same bundle, no extra request) and destructured at once,
 * which webpack reads like a static import (tree shaking still applies); it is evaluated only when its step runs.
 */
import './app/styles/global.css';
import type { Root } from 'react-dom/client';
import { forgetFailedScripts } from './runtime/failedScripts';
import { installFatalErrorHandler } from './runtime/fatalErrors';
import { nextTask } from './runtime/nextTask';

let root: Root | null = null;
const container = document.getElementById('root')!;

/** Fatal errors replace the page with the error page (crawlers only get a log entry). */
async function showFatalErrorPage() {
  const { renderErrorPage } = await import(/* webpackMode: "eager" */ './runtime/startup/errorPage');
  root?.unmount();
  root = renderErrorPage(container);
}
installFatalErrorHandler(() => void showFatalErrorPage());
forgetFailedScripts();

async function start() {
  await nextTask();
  const { startStore } = await import(/* webpackMode: "eager" */ './runtime/startup/store');
  const app = startStore();
  const { config } = app.store.getState();
  // The QA panel (Ctrl+Alt+Q): development builds, or an admin's RAMPART_QA_PANEL; its code is a lazy chunk.
  if (config.env === 'development' || config.qaPanel) {
    void import(/* webpackMode: "eager" */ './qa/inspect').then((m) => m.startInspection());
    void import(/* webpackChunkName: "qa-panel" */ './qa/panel/install').then((m) => m.installQaPanel());
  }

  await nextTask();
  const { startSagas } = await import(/* webpackMode: "eager" */ './runtime/startup/sagas');
  startSagas(app.store);

  await nextTask();
  const { prepareRoutes } = await import(/* webpackMode: "eager" */ './runtime/startup/routes');
  const routing = prepareRoutes(app.store);
  for (const load of routing.loads) {
    await nextTask();
    await load();
  }
  for (const saga of routing.featureStarts) {
    await nextTask();
    app.store.runSaga(saga);
  }
  routing.startFeaturesAtOnce();

  await nextTask();
  const { hydrate } = await import(/* webpackMode: "eager" */ './runtime/startup/hydrate');
  hydrate(container, app, routing, (r) => {
    root = r;
  });
}

void start();
