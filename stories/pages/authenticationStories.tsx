/**
 * How the authentication page stories are built: a page on its route at an address, the store signed in with the
 * page's resources, and, for stories whose play function saves, a canned API and the resources saga.
 */
import type { ReactElement } from 'react';
import { resourcesSaga } from '../../sagas/resources.saga';
import type { RootState } from '../../src/store/createStore';
import { StoryProviders } from '../support/StoryProviders';
import { cannedApi, signedIn } from './authenticationFixtures';
import { resourcesState } from './fixtures';

/** A page at `path`, rendered by the route `route` (a list page takes `*`). */
export interface RoutedPage {
  element: ReactElement;
  route: string;
  path: string;
}

/** A story of the page with the store's state, and the API's answers (`GET /api/…`) when the story saves. */
export const pageStory = (page: RoutedPage, state: Partial<RootState>, api?: Record<string, unknown>) => ({
  render: () => (
    <StoryProviders
      state={state}
      routes={[{ path: page.route, element: page.element }]}
      path={page.path}
      {...(api ? { api: cannedApi(api), sagas: [resourcesSaga] } : {})}
    />
  ),
});

/**
 * Signed in (as an admin, or as the reader of the authentication area), with resources loaded, loading or failed
 * (a number: failed with that HTTP status).
 */
export const pageState = (
  loaded: Record<string, unknown>,
  other: Parameters<typeof resourcesState>[1] = {},
  who: Parameters<typeof signedIn>[0] = 'admin',
): Partial<RootState> => ({ ...signedIn(who), ...resourcesState(loaded, other) });
