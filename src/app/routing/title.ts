/**
 * The document title, from the matched routes' `handle.title` (the deepest route that has one), the one source for
 * both the server render's `<title>` and the browser's (RouteTitle): " · Rampart" after it, and the no-access
 * page's title instead when the account may not open the route's page (`handle.access`, set by the route table).
 */
import { useEffect } from 'react';
import { useMatches, useSearchParams } from 'react-router';
import type { Params } from 'react-router';
import { mayOpenPage, type GatedAccess } from '../../shared/pageAccess';
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
  let access: GatedAccess | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.access) access = handle.access;
    const own = handle?.title;
    if (own === undefined) continue;
    title =
      typeof own === 'string'
        ? own
        : own({ params: match.params, search, resource: (key) => selectResource(key)(state).data });
  }
  if (access && !mayOpenPage(state.session.user, access)) title = noAccessTitle(access);
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
