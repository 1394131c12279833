/**
 * Parts of the page a server render may reuse the HTML of (the main bar and the context bar are most of a
 * signed-in page's markup, and the same on every page an account opens). A `ServerFragment` declares the slices of
 * the state its part reads; the server keys the part's HTML by its name, the address and those slices' content, so
 * a change to any of them (another account, a menu or privilege change, another theme or colour) is another key.
 * The part renders with a store holding only the declared slices: reading any other one fails the render, so an
 * undeclared input cannot go unnoticed. The browser (and any render without a fragment cache) renders the children
 * as they are, so the HTML is the same either way and hydration sees no difference.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Provider, useStore } from 'react-redux';
import { useLocation } from 'react-router';
import type { Store } from '@reduxjs/toolkit';
import type { RootState } from '../store/createStore';

/** What a server render offers its fragments: per part, either kept HTML (as a marker) or markers to capture it. */
export interface FragmentRender {
  slot(key: string): { marker: string } | { start: string; end: string };
}

export const FragmentRenderContext = createContext<FragmentRender | null>(null);

/** A read-only store of a fragment's slices. */
function sliceStore(state: Partial<RootState>): Store {
  return {
    getState: () => state,
    subscribe: () => () => {},
    dispatch: () => {
      throw new Error('a server fragment does not dispatch while rendering');
    },
    replaceReducer: () => {},
    [Symbol.observable]: () => {
      throw new Error('a server fragment is not observable');
    },
  } as unknown as Store;
}

export function ServerFragment({
  name,
  slices,
  children,
}: {
  /** Names the part in the key (two parts never share HTML). */
  name: string;
  /** Every slice the part reads, and nothing else. */
  slices: ReadonlyArray<keyof RootState>;
  children: ReactNode;
}) {
  const render = useContext(FragmentRenderContext);
  const store = useStore<RootState>();
  const { pathname, search } = useLocation();
  if (!render) return children;
  const state = store.getState();
  const own: Partial<RootState> = {};
  for (const slice of slices) (own as Record<string, unknown>)[slice] = state[slice];
  const slot = render.slot(`${name}\n${pathname}${search}\n${JSON.stringify(own)}`);
  if ('marker' in slot) return slot.marker;
  return (
    <>
      {slot.start}
      <Provider store={sliceStore(own)}>{children}</Provider>
      {slot.end}
    </>
  );
}
