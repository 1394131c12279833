/** @jest-environment ./test/support/jsdom-environment.js */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { LayoutSettingsPage } from '../../../../src/app/pages/settings/LayoutSettingsPage';
import {
  layoutSettingsLoadRequested,
  type LayoutSettings,
} from '../../../../src/store/slices/layoutSettings.slice';
import { layoutSettingsSaga } from '../../../../sagas/layoutSettings.saga';
import { STYLE_PREFERENCES_KEY } from '../../../../sagas/layout.saga';
import { seriousViolations } from '../../../notifications/a11y';
import { fakeApi, makeTestStore } from '../../../sagas/fakes';

// A whole page with its forms renders slowly on a shared 2-core machine.
jest.setTimeout(20_000);

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

const custom: LayoutSettings = {
  primary_color: '#196ecd',
  bar_color: '#222222',
  login_title: null,
  images: { login_logo: true, bar_logo: false, login_background: false },
};
const defaults: LayoutSettings = {
  primary_color: '#76b100',
  bar_color: '#1f2a33',
  login_title: null,
  images: { login_logo: false, bar_logo: false, login_background: false },
};

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

async function renderPage(
  routes: Record<string, (body?: unknown) => unknown>,
  privileges?: Record<string, 'read' | 'write'>,
) {
  const { api, calls } = fakeApi(routes);
  const storage = memoryStorage();
  const store = makeTestStore({
    api,
    context: { storage },
    // An account of the `user` role with these privileges from its groups (none: no account known yet).
    ...(privileges
      ? {
          state: {
            session: { loggedIn: true, user: { username: 'designer', role: 'user' as const, privileges } },
          },
        }
      : {}),
  });
  store.runSaga(layoutSettingsSaga);
  const view = render(
    <Provider store={store}>
      <MemoryRouter>
        <LayoutSettingsPage />
      </MemoryRouter>
    </Provider>,
  );
  act(() => void store.dispatch(layoutSettingsLoadRequested()));
  await settle();
  return { store, calls, storage, view, user: userEvent.setup() };
}

describe('layout settings page', () => {
  it('shows the colours, the images set and a preview that follows the form before saving', async () => {
    const { view, user } = await renderPage({ 'GET /api/config/settings': () => custom });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Layout settings');
    expect(screen.getByRole('textbox', { name: 'Primary colour' })).toHaveValue('#196ecd');
    expect(screen.getByAltText('Login logo preview')).toHaveAttribute('src', '/api/config/login_logo?v=1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    const bar = screen.getByRole('textbox', { name: 'Bar colour' });
    await user.clear(bar);
    await user.type(bar, '#003366');
    expect(screen.getByTestId('preview-bar')).toHaveStyle({ background: '#003366' });
    // The hover colour is derived from the primary.
    expect(screen.getByTestId('preview-login')).toHaveTextContent('#155dad');
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  it('the preview names the sections as the bar does, and low-contrast colours are warned about (WCAG AA 4.5:1)', async () => {
    const { user } = await renderPage({ 'GET /api/config/settings': () => custom });
    const bar = screen.getByTestId('preview-bar');
    expect(bar).toHaveTextContent('Console');
    expect(bar).not.toHaveTextContent('Core');
    expect(screen.queryByText(/Low contrast/)).toBeNull();

    const barColour = screen.getByRole('textbox', { name: 'Bar colour' });
    await user.clear(barColour);
    await user.type(barColour, '#c0d0e0');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      /Low contrast: the menu text \(#f3f6f9\) on this bar colour is 1\.\d:1, under the 4\.5:1 WCAG AA minimum/,
    );
    await user.clear(barColour);
    await user.type(barColour, '#1f2a33');
    expect(screen.queryByText(/Low contrast/)).toBeNull();

    const primary = screen.getByRole('textbox', { name: 'Primary colour' });
    await user.clear(primary);
    await user.type(primary, '#0080c0');
    expect(screen.getByText(/Low contrast: button text/)).toBeInTheDocument();
    // A warning, not an error: saving stays possible.
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the look read-only to an account whose groups grant only reading the settings area', async () => {
    const { calls } = await renderPage({ 'GET /api/config/settings': () => custom }, { settings: 'read' });
    expect(screen.getByTestId('read-only-notice')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Primary colour' })).toHaveValue('#196ecd');
    for (const name of ['Primary colour', 'Bar colour', 'Login title'])
      expect(screen.getByRole('textbox', { name })).toBeDisabled();
    for (const name of [
      'Save',
      'Reset to defaults',
      'Pick primary colour',
      'Pick bar colour',
      'Remove image',
    ])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    // The three image file inputs.
    const choosers = screen.getAllByLabelText(/Choose image/);
    expect(choosers).toHaveLength(3);
    for (const chooser of choosers) expect(chooser).toBeDisabled();
    expect(screen.getByAltText('Login logo preview')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('leaves the controls to an account whose groups grant writing the settings area', async () => {
    await renderPage({ 'GET /api/config/settings': () => custom }, { settings: 'write' });
    expect(screen.queryByTestId('read-only-notice')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Primary colour' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reset to defaults' })).toBeEnabled();
  });

  it('refuses a colour that is not hex, without calling the appliance', async () => {
    const { calls, user } = await renderPage({ 'GET /api/config/settings': () => custom });
    const primary = screen.getByRole('textbox', { name: 'Primary colour' });
    await user.clear(primary);
    await user.type(primary, 'red');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByText('Primary colour must be a hex colour such as #76b100.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('saves the colours and removed images, then the whole console takes the new look and caches it', async () => {
    let current = custom;
    const { store, calls, storage, user } = await renderPage({
      'GET /api/config/settings': () => current,
      'PUT /api/config/settings': (body) => {
        current = { ...current, ...(body as object), images: { ...current.images, login_logo: false } };
        return body;
      },
      'DELETE /api/config/login_logo': () => null,
    });
    const primary = screen.getByRole('textbox', { name: 'Primary colour' });
    await user.clear(primary);
    await user.type(primary, '#cc0000');
    const logo = screen.getByAltText('Login logo preview').closest('figure') as HTMLElement;
    await user.click(within(logo).getByRole('button', { name: 'Remove image' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/config/settings', { primary_color: '#cc0000', bar_color: '#222222', login_title: '' }],
      ['DELETE', '/api/config/login_logo', undefined],
    ]);
    expect(store.getState().layout.style).toMatchObject({ primaryColor: '#cc0000', loginLogo: false });
    expect(JSON.parse(storage.map.get(STYLE_PREFERENCES_KEY) as string)).toMatchObject({
      primaryColor: '#cc0000',
    });
    expect(store.getState().notifications.toasts.map((t) => t.message)).toContain('Layout saved.');
  });

  it('sets the login title, previews it, and sends it trimmed', async () => {
    const { calls, user } = await renderPage({
      'GET /api/config/settings': () => ({ ...custom, login_title: 'Old' }),
      'PUT /api/config/settings': (body) => body,
    });
    const title = screen.getByRole('textbox', { name: 'Login title' });
    expect(title).toHaveValue('Old');
    await user.clear(title);
    await user.type(title, ' ACME gateway ');
    expect(screen.getByTestId('preview-login')).toHaveTextContent('ACME gateway');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      primary_color: '#196ecd',
      bar_color: '#222222',
      login_title: 'ACME gateway',
    });
  });

  it('refuses a login title over 60 characters without calling the appliance', async () => {
    const { calls, user } = await renderPage({ 'GET /api/config/settings': () => custom });
    await user.type(screen.getByRole('textbox', { name: 'Login title' }), 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByText('The login title has at most 60 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('resets to the defaults after confirmation', async () => {
    const { store, calls, user } = await renderPage({
      'GET /api/config/settings': () => custom,
      'DELETE /api/config/settings': () => defaults,
    });
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Reset to defaults' })).getByRole('button', {
        name: 'Reset',
      }),
    );
    await settle();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/config/settings')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Primary colour' })).toHaveValue('#76b100');
    expect(screen.queryByAltText('Login logo preview')).toBeNull();
    expect(store.getState().layout.style).toMatchObject({ primaryColor: '#76b100', barColor: '#1f2a33' });
  });
});
