/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MainBar } from '../../../src/app/layout/MainBar';
import type { ApiClient } from '../../../src/api/client';
import { createAppStore, type RootState } from '../../../src/store/createStore';
import { defaults, publicConfig } from '../../../config';

const signedIn: Partial<RootState> = {
  session: { loggedIn: true, user: { username: 'j.doe', role: 'admin' } },
};

function renderBar(state: Partial<RootState> = signedIn, path = '/dns/proxy') {
  const store = createAppStore({
    preloadedState: { config: publicConfig(defaults), ...state },
    context: { api: {} as ApiClient, platform: 'browser' },
  });
  const router = createMemoryRouter([{ path: '*', element: <MainBar /> }], { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user: userEvent.setup(), ...view };
}

const avatar = () => screen.getByRole('button', { name: /Account menu/ });

describe('the account menu of the main bar', () => {
  test('clicking the avatar opens a menu and does not sign out', async () => {
    const { user, router } = renderBar();
    expect(avatar()).toHaveAttribute('aria-haspopup', 'menu');
    expect(avatar()).toHaveAttribute('aria-expanded', 'false');
    expect(avatar()).toHaveAccessibleName('Account menu (signed in as j.doe)');
    await user.click(avatar());
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(avatar()).toHaveAttribute('aria-expanded', 'true');
    expect(router.state.location.pathname).toBe('/dns/proxy');
    expect(screen.queryByRole('link', { name: /log out|sign out/i })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Your account' })).toHaveFocus();
    expect(screen.getByText('j.doe')).toBeInTheDocument();
  });

  test('has your account, password and two-factor, sessions, the theme and sign out as items', async () => {
    const { user } = renderBar();
    await user.click(avatar());
    const menu = screen.getByRole('menu', { name: 'Account' });
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item('Your account')).toHaveAttribute('href', '/profile');
    expect(item('Password and two-factor')).toHaveAttribute('href', '/profile#security');
    expect(item('Sessions')).toHaveAttribute('href', '/profile#sessions');
    expect(item('Sign out')).toHaveAttribute('href', '/logout/');
    const theme = within(menu).getByRole('group', { name: 'Theme' });
    expect(
      within(theme)
        .getAllByRole('menuitemradio')
        .map((r) => r.textContent),
    ).toEqual(['Same as the system', 'Light', 'Dark']);
    expect(within(theme).getByRole('menuitemradio', { name: 'Same as the system' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The open menu with its button (the bar's menu toggle points at a context bar this test does not render).
    expect((await axe(avatar().parentElement!)).violations).toEqual([]);
  });

  test('choosing a theme in the menu applies it, closes the menu and gives focus back to the avatar', async () => {
    const { user, store } = renderBar();
    await user.click(avatar());
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(store.getState().layout.theme).toBe('dark');
    expect(document.cookie).toContain('rampart_theme=dark');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar()).toHaveFocus();
    await user.click(avatar());
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  });

  test('works from the keyboard: Enter, Space and ArrowDown open, arrows move, Escape closes', async () => {
    const { user } = renderBar();
    avatar().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Your account' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Password and two-factor' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Wraps to the last item.
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Your account' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar()).toHaveFocus();

    await user.keyboard(' ');
    expect(screen.getByRole('menuitem', { name: 'Your account' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Your account' })).toHaveFocus();
    await user.keyboard('{Escape}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    // A letter moves to the next item starting with it.
    await user.keyboard('s');
    expect(screen.getByRole('menuitem', { name: 'Sessions' })).toHaveFocus();
  });

  test('a click outside closes the menu', async () => {
    const { user } = renderBar();
    await user.click(avatar());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Rampart home' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test('an anonymous visitor (the public network overview) gets a log-in link, not a menu', () => {
    renderBar({ session: { loggedIn: false, user: null } }, '/network/overview');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/account/login');
  });
});
