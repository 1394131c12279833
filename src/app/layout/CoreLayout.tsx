/**
 * The core layout (spec §2): main bar, context bar, the content area, and the mount points of the notification
 * center and the windows column. When a window is docked on the right, the content area narrows.
 */
import { Outlet } from 'react-router';
import { useAppSelector } from '../../store/createStore';
import { ContextBar } from './ContextBar';
import { MainBar } from './MainBar';
import { LayoutSlot } from './slots';

export function CoreLayout() {
  const contextBarOpen = useAppSelector((s) => s.layout.contextBarOpen);
  return (
    <div className={`core-layout${contextBarOpen ? '' : ' core-layout--menu-hidden'}`}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <MainBar />
      <div className="core-layout__body">
        <ContextBar />
        <main id="main-content" className="core-layout__content" tabIndex={-1}>
          <Outlet />
        </main>
        <LayoutSlot name="windows" />
      </div>
      <LayoutSlot name="notifications" />
    </div>
  );
}
