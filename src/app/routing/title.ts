/**
 * The document title, from the matched routes' `handle.title` (the deepest route that has one), the one source for
 * both the server render's `<title>` and the browser's (RouteTitle): " · Rampart" after it, and the no-access
 * page's title instead when the account may not read the route's privilege area (`handle.area`, set by the route
 * table).
 */
import { useEffect } from 'react';
import { useMatches, useSearchParams } from 'react-router';
import type { Params } from 'react-router';
import { mayOpen, type Area } from '../../shared/privileges';
import { useAppSelector } from '../../store/createStore';
import { selectResource, type ResourcesState } from '../../store/slices/resources.slice';
import type { SessionState } from '../../store/slices/session.slice';
import { noAccessTitle } from '../errors/NoAccessPage';
import type { RouteHandle } from './types';

export interface TitledMatch {
  params: Params;
  handle?: unknown;
}

/** What a title is made from besides the routes: the address's query and the store's state. */
export interface TitleState {
  resources: ResourcesState;
  session: Pick<SessionState, 'user'>;
}

export function documentTitle(
  matches: readonly TitledMatch[],
  search: URLSearchParams,
  state: TitleState,
): string {
  let title: string | undefined;
  let area: Area | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.area) area = handle.area;
    const own = handle?.title;
    if (own === undefined) continue;
    title =
      typeof own === 'string'
        ? own
        : own({ params: match.params, search, resource: (key) => selectResource(key)(state).data });
  }
  if (area && !mayOpen(state.session.user, area)) title = noAccessTitle(area);
  return title ? `${title} · Rampart` : 'Rampart';
}

/** Keeps the browser's document title that of the page on screen (what the server rendered, then each navigation). */
export function RouteTitle() {
  const matches = useMatches();
  const [search] = useSearchParams();
  const title = useAppSelector((state) => documentTitle(matches, search, state));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
