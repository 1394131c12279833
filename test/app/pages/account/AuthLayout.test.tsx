/** @jest-environment ./test/support/jsdom-environment.js */
import { fireEvent, screen } from '@testing-library/react';
import { AuthLayout } from '../../../../src/app/pages/account/AuthLayout';
import { configSlice } from '../../../../src/store/slices/config.slice';
import type { StyleSettings } from '../../../../src/store/slices/layout.slice';
import { renderScreen } from './support';

const withStyle = (style: StyleSettings | null) => ({
  config: { ...configSlice.getInitialState(), apiBase: '/api/' },
  layout: { style, styleSource: 'api' as const, theme: 'system' as const, contextBarOpen: true },
});

describe('account screens take the custom look', () => {
  it('shows the custom login logo and background when the appliance has them (identity screens)', () => {
    const style = { primaryColor: '#cc0000', barColor: null, loginLogo: true, loginBackground: true };
    const { container } = renderScreen(<AuthLayout title="Log in">form</AuthLayout>, {
      state: withStyle(style),
    });
    expect(container.querySelector('.auth__logo')).toHaveAttribute('src', '/api/config/login_logo');
    expect((container.querySelector('.auth') as HTMLElement).style.backgroundImage).toBe(
      'url("/api/config/login_background")',
    );
  });

  it('keeps the setup images of the local login over the style, and the defaults without either', () => {
    const style = { primaryColor: null, barColor: null, loginLogo: true, loginBackground: false };
    const { container, unmount } = renderScreen(
      <AuthLayout title="Log in" logo="/setup/logo.png">
        form
      </AuthLayout>,
      { state: withStyle(style) },
    );
    expect(container.querySelector('.auth__logo')).toHaveAttribute('src', '/setup/logo.png');
    unmount();
    renderScreen(<AuthLayout title="Log in">form</AuthLayout>, { state: withStyle(null) });
    expect(screen.getByRole('img', { name: 'Rampart' })).toBeInTheDocument();
    expect((document.querySelector('.auth') as HTMLElement).style.backgroundImage).toBe('');
  });
});

describe('a custom login logo that fails to load', () => {
  it('is replaced by the failed-image icon (warning and broken image), named for what failed', () => {
    const style = { primaryColor: null, barColor: null, loginLogo: true, loginBackground: false };
    const { container } = renderScreen(<AuthLayout title="Log in">form</AuthLayout>, {
      state: withStyle(style),
    });
    fireEvent.error(container.querySelector('.auth__logo')!);
    const icon = screen.getByRole('img', { name: 'Login logo could not be loaded' });
    expect(icon).toHaveClass('failed-image');
    expect(icon.querySelector('.failed-image__warning')).not.toBeNull();
    expect(container.querySelector('.auth__logo')).toBeNull();
    // The title and the form stay.
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});
