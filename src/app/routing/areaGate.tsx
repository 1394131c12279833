/**
 * The privilege area of a console page (src/shared/privileges.ts) and the gate in front of it: an account that may
 * not read the area gets the no-access page instead of the page, so the page's own requests are never made.
 */
import type { ComponentType } from 'react';
import { mayOpen, type Area } from '../../shared/privileges';
import { useAppSelector } from '../../store/createStore';
import { NoAccessPage } from '../errors/NoAccessPage';

/** The area a route's page belongs to, or null when it needs none. */
export function routeAreaOf(
  matches: ReadonlyArray<{ route: { id?: string } }>,
  areas: Readonly<Record<string, Area>>,
): Area | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const id = matches[i].route.id;
    if (id && Object.prototype.hasOwnProperty.call(areas, id)) return areas[id];
  }
  return null;
}

/** `Component` behind the read privilege of `area`. */
export function gated(Component: ComponentType, area: Area): ComponentType {
  function AreaGate() {
    const open = useAppSelector((state) => mayOpen(state.session.user, area));
    return open ? <Component /> : <NoAccessPage area={area} />;
  }
  AreaGate.displayName = `AreaGate(${area})`;
  return AreaGate;
}
