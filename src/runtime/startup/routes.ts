/**
 * Start-up step: routing options, the features, the route table, and one loader per lazy route of the location
 * (each run by the entry as a step of its own). Sagas that the loaded chunks start wait in `featureStarts` for steps
 * of their own too, all before hydration, so no action of the first render is missed; `startFeaturesAtOnce` then
 * lets chunks loaded later start theirs immediately.
 */
import type { Saga } from 'redux-saga';
import { setFeatureSagaRunner } from '../../../sagas/featureSagas';
import { registerFeatures } from '../../app/features';
import { routeAccess, routes } from '../../app/routes';
import { configureRouting } from '../../app/routing/options';
import { setPreloadRoutes } from '../../app/routing/preload';
import type { AppStore } from '../../store/createStore';
import { lazyMatches } from '../hydrateLazy';

export function prepareRoutes(store: AppStore) {
  configureRouting({ renderMode: store.getState().config.renderMode });
  registerFeatures();
  setPreloadRoutes(routes);
  const featureStarts: Saga[] = [];
  setFeatureSagaRunner((saga) => featureStarts.push(saga));
  return {
    routes,
    routeAccess,
    loads: lazyMatches(routes, window.location.pathname),
    featureStarts,
    startFeaturesAtOnce: () => setFeatureSagaRunner((saga) => store.runSaga(saga)),
  };
}

export type PreparedRoutes = ReturnType<typeof prepareRoutes>;
