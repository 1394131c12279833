/**
 * The gate in front of a console page that not every signed-in account may open (src/shared/pageAccess.ts): an
 * account without the page's access gets the no-access page of its area, or the one "administrators only" page,
 * instead of the page, so the page's own requests are never made and the page needs no code for it.
 */
import type { ComponentType } from 'react';
import { mayOpenPage, type GatedAccess } from '../../shared/pageAccess';
import { useAppSelector } from '../../store/createStore';
import { NoAccessPage } from '../errors/NoAccessPage';

/** The access the deepest gated route of `matches` needs, or null when none is gated. */
export function routeAccessOf(
  matches: ReadonlyArray<{ route: { id?: string } }>,
  table: Readonly<Record<string, GatedAccess>>,
): GatedAccess | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const id = matches[i].route.id;
    if (id && Object.prototype.hasOwnProperty.call(table, id)) return table[id];
  }
  return null;
}

const gateName = (access: GatedAccess) => (access === 'admin' ? access : `${access.area}:${access.need}`);

/** `Component` behind `access`. */
export function gated(Component: ComponentType, access: GatedAccess): ComponentType {
  function PageGate() {
    const open = useAppSelector((state) => mayOpenPage(state.session.user, access));
    return open ? <Component /> : <NoAccessPage access={access} />;
  }
  PageGate.displayName = `PageGate(${gateName(access)})`;
  return PageGate;
}
