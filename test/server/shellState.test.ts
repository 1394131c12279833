/**
 * A render reduces the shell's actions (menu, who-am-I, style) into their own slices only, without running every
 * reducer: that gives the state the root reducer gives only while no other slice answers those actions.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { menuLoadedFrom } from '../../sagas/menu.saga';
import { userActionFrom } from '../../sagas/session.saga';
import { reduceShell } from '../../src/server/render';
import { registerReducers, rootReducer, type RootState } from '../../src/store/createStore';
import { signedInReducers } from '../../src/store/signedInReducers';
import { styleLoaded, themeChosen } from '../../src/store/slices/layout.slice';
import { menuRequested } from '../../src/store/slices/menu.slice';

registerReducers(signedInReducers);

const actions: UnknownAction[] = [
  menuRequested(),
  menuLoadedFrom(
    [{ id: 'dns', path: '/dns', children: [{ id: 'proxy', name: 'Proxy', path: '/proxy' }] }],
    true,
  ),
  menuLoadedFrom(undefined, false),
  userActionFrom({ ok: true, data: { username: 'ann', role: 'user', privileges: { dns: 'read' } } })!,
  userActionFrom({ ok: false, status: 401 })!,
  styleLoaded({
    style: {
      primaryColor: '#123456',
      barColor: null,
      barLogo: true,
      loginLogo: false,
      loginBackground: false,
    },
    source: 'api',
  }),
];

describe('the shell state of a render', () => {
  const initial = rootReducer()(undefined, { type: '@@test/init' });
  const signedIn: RootState = { ...initial, session: { loggedIn: true, user: null } };

  it.each(actions.map((a) => [a.type, a] as const))(
    '%s changes its own slice as the root reducer does',
    (_, action) => {
      const byRoot = rootReducer()(signedIn, action);
      const byShell = reduceShell(signedIn, action);
      expect(byShell).toEqual(byRoot);
      const changed = Object.keys(byRoot).filter(
        (k) => byRoot[k as keyof RootState] !== signedIn[k as keyof RootState],
      );
      expect(changed.length).toBeLessThanOrEqual(1);
      for (const key of Object.keys(byRoot) as Array<keyof RootState>)
        if (!changed.includes(key)) expect(byShell[key]).toBe(signedIn[key]);
    },
  );

  it('refuses an action of another slice', () => {
    expect(() => reduceShell(signedIn, { type: 'logReport/opened' })).toThrow(/not an action of the shell/);
    expect(reduceShell(signedIn, themeChosen('dark')).layout.theme).toBe('dark');
  });
});
