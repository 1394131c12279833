/** @jest-environment ./test/support/jsdom-environment.js */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ContextBar, filterMenu, flattenMenu } from '../../../src/app/layout/ContextBar';
import { fallbackMenu } from '../../../src/shared/menu';
import { MainBar } from '../../../src/app/layout/MainBar';
import { currentSection, panelLabel } from '../../../src/app/layout/sections';
import type { ApiClient } from '../../../src/api/client';
import { createAppStore, type RootState } from '../../../src/store/createStore';
import { defaults, publicConfig } from '../../../config';

function renderAt(path: string, ui: React.ReactNode, state: Partial<RootState> = {}) {
  const store = createAppStore({
    preloadedState: { config: publicConfig(defaults), ...state },
    context: { api: {} as ApiClient, platform: 'browser' },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

const loaded = { menu: { items: fallbackMenu, status: 'loaded' as const, source: 'fallback' as const } };

describe('context bar', () => {
  test('shows a loading notice while the menu is empty', () => {
    renderAt('/', <ContextBar />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading menu');
  });

  test('each child links to group path + child path', () => {
    renderAt('/', <ContextBar />, loaded);
    expect(screen.getByRole('link', { name: 'DNS proxy' })).toHaveAttribute('href', '/dns/proxy');
    expect(screen.getByRole('link', { name: 'Certificates' })).toHaveAttribute(
      'href',
      '/system/certificates',
    );
  });

  test('a click on an entry navigates in the app and marks it current; a modified click is left to the browser', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/', <ContextBar />, loaded);
    const link = screen.getByRole('link', { name: 'DNS proxy' });
    expect(link).not.toHaveAttribute('aria-current');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/dns/proxy');
    expect(screen.getByRole('link', { name: 'DNS proxy' })).toHaveAttribute('aria-current', 'page');
    // Below its page the entry stays current.
    await router.navigate('/dns/proxy/settings');
    expect(screen.getByRole('link', { name: 'DNS proxy' })).toHaveAttribute('aria-current', 'page');
    const certificates = screen.getByRole('link', { name: 'Certificates' });
    // The browser would open a new tab; jsdom cannot navigate, so the default action is stopped after the app's handler.
    const stopDefault = (e: Event) => e.preventDefault();
    window.addEventListener('click', stopDefault);
    certificates.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    window.removeEventListener('click', stopDefault);
    expect(router.state.location.pathname).toBe('/dns/proxy/settings');
  });

  test('search filters as you type; arrows move, Enter opens, Escape clears', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/', <ContextBar />, loaded);
    const box = screen.getByRole('combobox', { name: 'Search the menu' });
    await user.type(box, 'cert');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'System Certificates',
      'System Certificate authorities',
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[1]).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/system/certificate-authorities');
    await user.type(box, 'zzz');
    expect(screen.getByText(/No menu entry matches/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  test('filterMenu matches names and groups case-insensitively', () => {
    const entries = flattenMenu(fallbackMenu);
    expect(filterMenu(entries, 'SSH').map((e) => e.to)).toEqual(['/ssh/config', '/ssh/password']);
    expect(filterMenu(entries, '  ')).toHaveLength(entries.length);
  });
});

describe('main bar', () => {
  test.each([
    ['/', 'core'],
    ['/dns/proxy', 'core'],
    ['/shop', 'shop'],
    ['/shop/licences', 'shop'],
    ['/help', 'help'],
    ['/helpdesk', 'core'],
  ])('current section for %s is %s', (path, section) => expect(currentSection(path)).toBe(section));

  test('marks the current section', () => {
    renderAt('/help', <MainBar />);
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Console' })).not.toHaveAttribute('aria-current');
  });

  test('"Shop" sells nothing yet: no main-bar slot, a quiet link at the foot of the side menu instead', () => {
    renderAt('/shop', <MainBar />);
    const bar = screen.getByRole('navigation', { name: 'Sections' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Console', 'Help']);
    expect(within(bar).queryByRole('link', { name: 'Shop' })).toBeNull();
  });

  test("the side menu keeps the spec's /shop link at its foot, marked current on the shop", () => {
    renderAt('/shop', <ContextBar />, loaded);
    const foot = screen.getByRole('list', { name: 'More' });
    const shop = within(foot).getByRole('link', { name: 'Shop' });
    expect(shop).toHaveAttribute('href', '/shop');
    expect(shop).toHaveAttribute('aria-current', 'page');
  });

  test('a panel flag shows its label badge instead of the sections', () => {
    const config = {
      ...publicConfig(defaults),
      panels: { admin: false, network: false, custom: true, customLabel: 'Branch' },
    };
    renderAt('/', <MainBar />, { config });
    expect(screen.getByTestId('panel-badge')).toHaveTextContent('Branch');
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });

  test.each([
    [{ admin: true, network: false, custom: false, customLabel: '' }, 'Admin'],
    [{ admin: false, network: true, custom: false, customLabel: '' }, 'Network'],
    [{ admin: false, network: false, custom: false, customLabel: '' }, null],
  ])('panel label %p → %p', (panels, label) => expect(panelLabel(panels)).toBe(label));

  test('a custom bar logo that fails to load shows the failed-image icon', () => {
    const layout = {
      style: { primaryColor: null, barColor: null, barLogo: true },
      styleSource: 'api' as const,
      theme: 'system' as const,
      contextBarOpen: true,
    };
    renderAt('/', <MainBar />, { layout });
    const home = screen.getByRole('link', { name: 'Rampart home' });
    const logo = home.querySelector('img')!;
    expect(logo.getAttribute('src')).toMatch(/config\/bar_logo$/);
    fireEvent.error(logo);
    expect(within(home).getByRole('img', { name: 'Bar logo could not be loaded' })).toBeInTheDocument();
  });

  test('the menu toggle hides and shows the context bar', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/', <MainBar />);
    await user.click(screen.getByRole('button', { name: 'Hide menu' }));
    expect(store.getState().layout.contextBarOpen).toBe(false);
    expect(screen.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('before the width is known the context bar is left to the layout (closed on a phone by CSS)', () => {
    const layout = { style: null, styleSource: null, theme: 'system' as const, contextBarOpen: null };
    renderAt('/', <ContextBar />, { ...loaded, layout });
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    expect(nav).not.toHaveAttribute('hidden');
    expect(nav).toHaveClass('context-bar--auto');
  });
});
