import type { UnknownAction } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import type { LoaderFunction, Params } from 'react-router';
import type { GatedAccess } from '../../shared/pageAccess';

/** What a dynamic document title may read: the route's address and the data the store holds. */
export interface TitleArgs {
  params: Params;
  search: URLSearchParams;
  /** A resource's last answer (undefined while none). */
  resource: (key: string) => unknown;
}

/** What a route may declare beside its component, in `handle`. */
export interface RouteHandle {
  /**
   * Document title of the page, before " · Rampart" (see routing/title.ts, the one place that sets it): text, or
   * what it is made of once the route's data is known (an entity's name).
   */
  title?: string | ((args: TitleArgs) => string);
  /** Who may open the page, when not every signed-in account may (set by the route table, see routes.tsx). */
  access?: GatedAccess;
  /** Actions the server dispatches before rendering (sagas load the data), and the browser on client navigation. */
  prefetch?: (args: { params: Params; url: URL }) => UnknownAction[];
}

/** A lazily loaded route module (what an area chunk exports per route). */
export interface RouteModule {
  Component: ComponentType;
  loader?: LoaderFunction;
  handle?: RouteHandle;
}

export type AreaModule = { routes: Record<string, RouteModule> };
