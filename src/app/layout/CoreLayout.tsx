/**
 * The core layout (spec §2): main bar, context bar, the content area, the windows column (when a window is docked
 * on the right, the content area narrows), the progress overlay of appliance jobs, the notification center's
 * slot at the top of the content area (shared with the account pages: banners sit in the page's flow) and the session's timeout and re-authentication modals. Ctrl/Cmd+K opens the
 * command palette (loaded on demand). The document title follows the page's route (RouteTitle).
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { registerReducers, useAppDispatch, useAppSelector } from '../../store/createStore';
import { contextBarSet } from '../../store/slices/layout.slice';
import { signedInReducers } from '../../store/signedInReducers';
import { ContextBar } from './ContextBar';
import { MainBar } from './MainBar';
import { LayoutSlot } from './slots';
import { ServerFragment } from '../serverFragments';
import { ProgressOverlay } from '../../progress/ProgressOverlay';
import { WindowsHub } from '../../windows/WindowsHub';
import { PaletteLauncher } from '../palette/PaletteLauncher';
import { SessionDialogs } from '../session/SessionDialogs';
import { RouteTitle } from '../routing/title';

// The signed-in slices' reducers start with this chunk (the core pages' sagas too: sagas/areas/core.ts), so the
// account pages' first load does not carry them.
registerReducers(signedInReducers);

// What the context bar (most of a page's markup) reads: a server render reuses its HTML while these slices and the
// address are the same. (The main bar's images are announced as preloads outside it: it renders each time.)
const CONTEXT_BAR_SLICES = ['menu', 'layout'] as const;

/** Below this width the context bar lies over the content: it starts closed and closes after each navigation. */
export const NARROW_LAYOUT_QUERY = '(max-width: 720px)';

const isNarrow = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(NARROW_LAYOUT_QUERY).matches;

export function CoreLayout() {
  const contextBarOpen = useAppSelector((s) => s.layout.contextBarOpen);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  // The server cannot know the screen's width: once the browser can, the menu's state becomes a choice of its own.
  useEffect(() => {
    if (contextBarOpen === null) dispatch(contextBarSet(!isNarrow()));
  }, [contextBarOpen, dispatch]);
  // On a phone the open menu covers the page: choosing an entry (a new address) closes it.
  useEffect(() => {
    if (isNarrow()) dispatch(contextBarSet(false));
  }, [pathname, dispatch]);
  return (
    <div className={`core-layout${contextBarOpen === false ? ' core-layout--menu-hidden' : ''}`}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <MainBar />
      <div className="core-layout__body">
        <ServerFragment name="context-bar" slices={CONTEXT_BAR_SLICES}>
          <ContextBar />
        </ServerFragment>
        <main id="main-content" className="core-layout__content" tabIndex={-1}>
          {/* First in the content: banners push the page down and never cover it (toasts and modals float). */}
          <LayoutSlot name="notifications" />
          <Outlet />
        </main>
        <WindowsHub />
      </div>
      <ProgressOverlay />
      <PaletteLauncher />
      <SessionDialogs />
      <RouteTitle />
    </div>
  );
}
