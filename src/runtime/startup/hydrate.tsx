/**
 * Start-up step: the browser router over the resolved routes, navigation watching, and hydration as a transition:
 * React then renders it in short slices that yield to the browser (a plain hydrateRoot renders the whole page in
 * one task) while the server's HTML stays visible and usable.
 */
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../../app/AppProviders';
import { routeAccessOf } from '../../app/routing/areaGate';
import type { Services } from '../../app/services';
import { mayOpenPage } from '../../shared/pageAccess';
import type { AppStore, RootState } from '../../store/createStore';
import { watchNavigations } from '../navigation';
import type { PreparedRoutes } from './routes';

export function hydrate(
  container: HTMLElement,
  { store, services, serverState }: { store: AppStore; services: Services; serverState: RootState },
  { routes, routeAccess }: Pick<PreparedRoutes, 'routes' | 'routeAccess'>,
  onRoot: (root: Root) => void,
): void {
  const router = createBrowserRouter(routes);
  watchNavigations(router, {
    updateAvailable: () => store.getState().build.updateAvailable,
    dispatch: store.dispatch,
    fullLoad: (href) => window.location.assign(href),
    mayOpen: (matches) => {
      const access = routeAccessOf(matches, routeAccess);
      return !access || mayOpenPage(store.getState().session.user, access);
    },
  });
  startTransition(() => {
    onRoot(
      hydrateRoot(
        container,
        <AppProviders store={store} services={services} serverState={serverState}>
          <RouterProvider router={router} />
        </AppProviders>,
      ),
    );
  });
}
