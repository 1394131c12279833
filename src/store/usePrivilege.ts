/**
 * What the signed-in account may do in an area of the console (src/shared/privileges.ts), for views that hide or
 * disable what it may not. The appliance enforces the same privileges; this only spares the user a refused save.
 * Admins may do everything; while no account is known (the who-am-I call failed) nothing is disabled, the API answers.
 */
import { allows, type Area, type Privilege } from '../shared/privileges';
import { useAppSelector } from './createStore';

export function usePrivilege(area: Area, need: Privilege): boolean {
  return useAppSelector((state) => {
    const user = state.session.user;
    if (!user || user.role === 'admin') return true;
    return allows(user.privileges, area, need);
  });
}

/** The account may change this area. */
export const useCanWrite = (area: Area) => usePrivilege(area, 'write');

/** Whether the account is an admin (accounts and groups are changed by admins only). */
export const useIsAdmin = () => useAppSelector((state) => state.session.user?.role !== 'user');
