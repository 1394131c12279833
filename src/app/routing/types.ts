import type { UnknownAction } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import type { LoaderFunction, Params } from 'react-router';

/** What a route may declare beside its component, in `handle`. */
export interface RouteHandle {
  /** Document title of the page. */
  title?: string;
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
