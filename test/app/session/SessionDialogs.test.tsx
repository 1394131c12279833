/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The session's modals as a user meets them: the timeout warning is an alert dialog with a running countdown and
 * "Stay signed in" focused; the re-authentication prompt sends the password or the code and shows the server's answer.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import { defaults, publicConfig } from '../../../config';
import type { ApiClient } from '../../../src/api/client';
import { formatCountdown, SessionDialogs, spokenCountdown } from '../../../src/app/session/SessionDialogs';
import { createAppStore } from '../../../src/store/createStore';
import {
  sessionLifetimeChanged,
  type SessionLifetimeState,
} from '../../../src/store/slices/sessionLifetime.slice';

function setup(state: Partial<SessionLifetimeState>) {
  const store = createAppStore({
    preloadedState: { config: publicConfig(defaults) },
    context: { api: {} as ApiClient, platform: 'browser' },
  });
  const dispatched: UnknownAction[] = [];
  const dispatch = store.dispatch;
  store.dispatch = ((a: UnknownAction) => {
    dispatched.push(a);
    return dispatch(a);
  }) as typeof store.dispatch;
  store.dispatch(
    sessionLifetimeChanged({
      lifetime: 'active',
      endsAt: null,
      absolute: false,
      reauth: 'none',
      reauthError: null,
      ...state,
    }),
  );
  render(
    <Provider store={store}>
      <SessionDialogs />
    </Provider>,
  );
  return { store, dispatched };
}

it('formats and speaks the countdown at sensible steps', () => {
  expect(formatCountdown(125)).toBe('2:05');
  expect(formatCountdown(-3)).toBe('0:00');
  expect(spokenCountdown(45)).toBe('0:45 left');
  expect(spokenCountdown(44)).toBeNull();
  expect(spokenCountdown(7)).toBe('0:07 left');
});

it('shows nothing while the session is far from its end', () => {
  setup({ lifetime: 'active', endsAt: Date.now() + 600_000 });
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
});

describe('timeout warning', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts down in an alert dialog and extends on request', async () => {
    const { dispatched } = setup({ lifetime: 'warning', endsAt: Date.now() + 90_000 });
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveTextContent('ends in 1:30');
    act(() => {
      jest.advanceTimersByTime(5_000);
    });
    expect(dialog).toHaveTextContent('ends in 1:25');
    const stay = screen.getByRole('button', { name: 'Stay signed in' });
    expect(stay).toHaveFocus();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(stay);
    expect(dispatched.map((a) => a.type)).toContain('sessionLifetime/sessionExtendRequested');
  });

  it('at the absolute end offers no extension', () => {
    setup({ lifetime: 'warning', endsAt: Date.now() + 30_000, absolute: true });
    expect(screen.getByRole('alertdialog')).toHaveTextContent('maximum length');
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
  });
});

describe('re-authentication prompt', () => {
  it('sends the password, or the code when one is typed, and cancels', async () => {
    const { dispatched } = setup({ reauth: 'requested' });
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(dispatched.at(-1)).toEqual({
      type: 'sessionLifetime/reauthSubmitted',
      payload: { password: 'secret' },
    });
    await user.type(screen.getByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(dispatched.at(-1)).toEqual({
      type: 'sessionLifetime/reauthSubmitted',
      payload: { otp: '123456' },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dispatched.at(-1)?.type).toBe('sessionLifetime/reauthCancelled');
    expect(dialog).toBeInTheDocument();
  });

  it('disables the form while verifying', () => {
    setup({ reauth: 'verifying', reauthError: null });
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('announces a refusal', () => {
    setup({ reauth: 'requested', reauthError: 'Invalid password' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid password');
  });
});
