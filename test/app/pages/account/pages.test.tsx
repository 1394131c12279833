/** @jest-environment jsdom */
import './polyfills';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes as accountRoutes } from '../../../../src/app/pages/account';
import { routes as screenRoutes } from '../../../../src/app/pages/account/screens';
import { QUERY_NOTICES } from '../../../../src/app/pages/account/QueryNotices';
import { AppProviders } from '../../../../src/app/AppProviders';
import { createAppStore, useAppSelector } from '../../../../src/store/createStore';
import { registerLayoutSlot } from '../../../../src/app/layout/slots';
import type { StyleSettings } from '../../../../src/store/slices/layout.slice';
import { defaults, publicConfig } from '../../../../config';
import { verbClient } from '../../../support/verbClient';

const offline = verbClient({ get: () => Promise.reject(new Error('offline')) });

function renderRoute(path: string, localAuth = true, style: StyleSettings | null = null, loggedIn = false) {
  const store = createAppStore({
    preloadedState: {
      session: { loggedIn, user: loggedIn ? { username: 'admin', role: 'admin' } : null },
      config: { ...publicConfig(defaults), localAuth },
      layout: { style, styleSource: style ? 'api' : null, theme: 'system', contextBarOpen: true },
    },
    context: { api: offline, platform: 'browser' },
  });
  const router = createMemoryRouter(
    [
      // Loaders need the Fetch API's Request, which jsdom lacks; they are tested in actions.test.ts.
      { path: 'account/:type', Component: screenRoutes.screen.Component },
      { path: 'terms', Component: accountRoutes.terms.Component },
      { path: ':action', Component: accountRoutes.action.Component },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders store={store} services={{ api: offline, origin: window.location.origin }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store };
}

const toasts = (store: ReturnType<typeof createAppStore>) =>
  store.getState().notifications.toasts.map(({ level, message, duration }) => ({ level, message, duration }));

/** How long a test waits for a lazily loaded screen chunk (ts-jest compiles it on first import). */
const CHUNK_WAIT = { timeout: 10_000 };

describe('account pages', () => {
  it('the verified screen offers to continue to the login', async () => {
    renderRoute('/verified');
    expect(await screen.findByText('Your account is now verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to log in' })).toHaveAttribute('href', '/login/');
  });

  it('titles use the Local variant when local authentication is preferred', async () => {
    renderRoute('/change-password', true);
    expect(await screen.findByRole('heading', { name: 'Change local password' })).toBeInTheDocument();
  });

  it('titles use the plain variant otherwise', async () => {
    renderRoute('/verified', false);
    expect(await screen.findByRole('heading', { name: 'Account verified' })).toBeInTheDocument();
  });

  it('notice=first_access_change raises a 10 s info notice on the change-password page', async () => {
    const { store } = renderRoute('/change-password?notice=first_access_change');
    await waitFor(() =>
      expect(toasts(store)).toEqual([
        { level: 'info', message: 'You must change your password on first access.', duration: 10000 },
      ]),
    );
  });

  it('shows its notices: the account pages mount the notification center outside the core layout', async () => {
    registerLayoutSlot('notifications', function Center() {
      const toasts = useAppSelector((s) => s.notifications.toasts);
      return (
        <ul aria-label="Notifications">
          {toasts.map((t) => (
            <li key={t.message}>{t.message}</li>
          ))}
        </ul>
      );
    });
    renderRoute('/change-password?notice=first_access_change');
    expect(
      await screen.findByText('You must change your password on first access.', { selector: 'li' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['error=user_not_onboarded', 'error', 4000],
    ['notice=password_changed', 'info', 10000],
    ['notice=session_timeout', 'info', -1],
  ])('%s raises its toast once on the login screen', async (query, level, duration) => {
    const { store } = renderRoute(`/account/login?${query}`);
    await waitFor(() =>
      expect(toasts(store)).toEqual([{ level, message: QUERY_NOTICES[query].message, duration }]),
    );
  });

  it('an identity page loads its screen chunk, and says so when the identity service cannot be reached', async () => {
    renderRoute('/login/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    // The first import of the identity screens compiles a large module: give it more than findBy's default second.
    expect(await screen.findByRole('button', { name: 'Try again' }, CHUNK_WAIT)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The identity service could not be reached. Please try again later.',
    );
  });

  it('/account/signup and /account/recover are the identity sign-up and recovery screens', async () => {
    renderRoute('/account/signup');
    expect(await screen.findByRole('heading', { name: 'Sign up' }, CHUNK_WAIT)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' }, CHUNK_WAIT)).toBeInTheDocument();
  });

  describe('the custom login title of the layout settings', () => {
    const style: StyleSettings = { primaryColor: null, barColor: null, loginTitle: 'ACME gateway' };

    it.each(['/login/', '/signup/', '/account/signup'])(
      'is the heading of %s, while its screen loads and once it shows',
      async (path) => {
        renderRoute(path, false, style);
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^ACME gateway$/);
        expect(screen.getByRole('status')).toHaveTextContent('Loading…');
        // The identity screen's chunk replaced the loading frame (the service is offline here).
        expect(await screen.findByRole('button', { name: 'Try again' }, CHUNK_WAIT)).toBeInTheDocument();
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^ACME gateway$/);
        expect(document.title).toBe('ACME gateway · Rampart');
      },
    );

    it.each([
      ['/recovery/', 'Password recovery'],
      ['/verification/', 'Verify your account'],
      ['/account/recover', 'Password recovery'],
    ])('leaves the other screens their own title: %s', async (path, title) => {
      renderRoute(path, false, style);
      expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${title}$`));
    });

    it('without one, the identity login keeps its own title', async () => {
      renderRoute('/login/', false, { primaryColor: null, barColor: null, loginTitle: null });
      expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Log in$/);
    });
  });

  it('the terms page renders', async () => {
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of use' })).toBeInTheDocument();
  });
  it('/settings/ with a console session says where the console account settings are, without the identity flow', async () => {
    renderRoute('/settings/', true, null, true);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The password and two-factor for console accounts are under “Your account”',
    );
    expect(screen.getByRole('link', { name: 'Your account: password and two-factor' })).toHaveAttribute(
      'href',
      '/profile#security',
    );
    // Nothing of the identity service's settings form (whose 401 led to /logout/).
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
  });
});
