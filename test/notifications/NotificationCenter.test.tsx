/** @jest-environment ./test/support/jsdom-environment.js */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { agreementsSaga } from '../../sagas/messaging.saga';
import { notificationsSaga } from '../../sagas/notifications.saga';
import { NotificationCenter } from '../../src/notifications/NotificationCenter';
import {
  AGREEMENT_APPEAR_DELAY_MS,
  NOTIFICATION_APPEAR_DELAY_MS,
  NOTIFICATION_REMOVE_AFTER_MS,
} from '../../src/notifications/constants';
import { notificationRequested, stickyErrorRaised } from '../../src/store/slices/notifications.slice';
import { fakeApi, flush, makeTestStore } from '../sagas/fakes';
import { seriousViolations } from './a11y';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const posted: string[] = [];
  const { api, calls } = fakeApi({ 'POST /api/users/me/ack-messages': () => ({}) });
  const store = makeTestStore({ api, context: { postToParent: (m: string) => posted.push(m) } });
  store.runSaga(notificationsSaga);
  store.runSaga(agreementsSaga);
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = render(
    <Provider store={store}>
      <button type="button">Before</button>
      <NotificationCenter />
    </Provider>,
  );
  const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  return { store, calls, posted, user, view, tick };
}

test('toasts go to the bottom live region, banners to the top; both fade in after 100 ms', () => {
  const { store, tick } = setup();
  act(() => {
    store.dispatch(
      notificationRequested({ kind: 'toast', level: 'success', message: 'Saved', duration: 2000 }),
    );
    store.dispatch(
      notificationRequested({ kind: 'banner', level: 'warning', title: 'Maintenance', message: 'Tonight' }),
    );
  });
  const bottom = screen.getByRole('region', { name: 'Notifications' });
  const top = screen.getByRole('region', { name: 'Announcements' });
  const toast = within(bottom).getByRole('listitem', { name: 'Success: Success' });
  expect(within(bottom).getByRole('list')).toHaveAttribute('aria-live', 'polite');
  expect(within(top).getByRole('listitem', { name: 'Warning: Maintenance' })).toHaveTextContent('Tonight');
  expect(toast).toHaveClass('notification--pending');
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  expect(toast).toHaveClass('notification--visible');
  tick(2000);
  expect(toast).toHaveClass('notification--closing');
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  expect(within(bottom).queryByRole('listitem')).toBeNull();
});

test('an error toast is an alert', () => {
  const { store } = setup();
  act(
    () =>
      void store.dispatch(
        notificationRequested({ kind: 'toast', level: 'error', message: 'Failed to save' }),
      ),
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to save');
});

test('a toast is dismissed with its close button or Escape, by keyboard', async () => {
  const { store, user, tick } = setup();
  act(() => {
    store.dispatch(notificationRequested({ kind: 'toast', level: 'info', title: 'First', message: 'one' }));
    store.dispatch(notificationRequested({ kind: 'toast', level: 'info', title: 'Second', message: 'two' }));
  });
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  await user.tab(); // "Before"
  await user.tab();
  expect(screen.getByRole('button', { name: 'Dismiss: First' })).toHaveFocus();
  await user.keyboard('{Enter}');
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  expect(screen.queryByText('one')).toBeNull();
  screen.getByRole('button', { name: 'Dismiss: Second' }).focus();
  await user.keyboard('{Escape}');
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  expect(screen.queryByText('two')).toBeNull();
});

test('each area has its own "Dismiss all": the toasts one leaves the banners, the banners one the toasts', async () => {
  const { store, user, tick } = setup();
  act(() => {
    store.dispatch(notificationRequested({ kind: 'toast', level: 'info', message: 'a' }));
    store.dispatch(notificationRequested({ kind: 'toast', level: 'info', message: 'b' }));
    store.dispatch(notificationRequested({ kind: 'banner', level: 'warning', message: 'c' }));
    store.dispatch(notificationRequested({ kind: 'banner', level: 'warning', message: 'd' }));
  });
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  const bottom = screen.getByRole('region', { name: 'Notifications' });
  const top = screen.getByRole('region', { name: 'Announcements' });
  await user.click(within(bottom).getByRole('button', { name: 'Dismiss all' }));
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  expect(within(bottom).queryAllByRole('listitem')).toHaveLength(0);
  expect(within(top).getAllByRole('listitem')).toHaveLength(2);
  await user.click(within(top).getByRole('button', { name: 'Dismiss all' }));
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  expect(screen.queryAllByRole('listitem')).toHaveLength(0);
});

test('a server message is rendered as sanitised markdown and acknowledged on dismiss', async () => {
  const { store, user, calls, tick } = setup();
  act(
    () =>
      void store.dispatch(
        notificationRequested({
          id: '5',
          version_id: '2',
          markdown: true,
          kind: 'banner',
          level: 'warning',
          title: 'News',
          message: 'Read **this** <img src=x onerror="alert(1)">',
        }),
      ),
  );
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  const banner = screen.getByRole('listitem', { name: 'Warning: News' });
  // The markdown renderer loads with the first message that needs it.
  expect((await within(banner).findByText('this')).tagName).toBe('STRONG');
  expect(banner.innerHTML).not.toMatch(/onerror/);
  await user.click(screen.getByRole('button', { name: 'Dismiss: News' }));
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  await act(() => flush(10));
  expect(calls).toEqual([
    expect.objectContaining({
      url: '/api/users/me/ack-messages',
      body: { message_id: '5', version_id: '2' },
    }),
  ]);
  expect(screen.queryByRole('listitem')).toBeNull();
});

describe('agreement modal', () => {
  const agreement = (
    terms = '# Terms\n\nBe nice. [docs](javascript:alert(1)) <script>window.hacked=1</script>',
  ) =>
    notificationRequested({
      localId: 'ag',
      id: '1',
      version_id: '1',
      kind: 'agreement',
      level: 'default',
      title: 'Terms of use',
      message: terms,
    });

  test('appears after about 100 ms, is not closable, and Accept needs "I read all terms"', async () => {
    const { store, user, tick, posted } = setup();
    act(() => void store.dispatch(agreement()));
    expect(screen.queryByRole('dialog')).toBeNull();
    tick(AGREEMENT_APPEAR_DELAY_MS);
    // The modal's code loads on demand: wait for it, as a first agreement in the browser does.
    const dialog = await screen.findByRole('dialog', { name: 'Terms of use' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const terms = within(dialog).getByRole('region', { name: 'Terms' });
    expect(within(terms).getByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(terms.innerHTML).not.toMatch(/script|javascript:/i);
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    const box = within(dialog).getByRole('checkbox', { name: 'I read all terms' });
    expect(box).toHaveFocus();
    await user.click(box);
    expect(accept).toBeEnabled();
    await user.click(accept);
    await act(() => flush(10));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual(['acceptedAllAgreements']);
  });

  test('Decline is labelled Logout and tells the parent', async () => {
    const { store, user, tick, posted } = setup();
    act(() => void store.dispatch(agreement()));
    tick(AGREEMENT_APPEAR_DELAY_MS);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual(['declinedAgreement']);
  });

  test('keeps focus inside and gives it back when it closes', async () => {
    const { store, user, tick } = setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    act(() => void store.dispatch(agreement('short terms')));
    tick(AGREEMENT_APPEAR_DELAY_MS);
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  test('has no serious accessibility violations', async () => {
    const { store, tick, view } = setup();
    act(() => {
      store.dispatch(agreement());
      store.dispatch(notificationRequested({ kind: 'toast', level: 'info', message: 'hello' }));
      store.dispatch(notificationRequested({ kind: 'banner', level: 'warning', message: 'banner' }));
    });
    tick(AGREEMENT_APPEAR_DELAY_MS);
    await screen.findByRole('dialog', { name: 'Terms of use' });
    jest.useRealTimers();
    expect(await seriousViolations(view.container)).toEqual([]);
  });
});

test('a sticky error modal stays until confirmed with OK', async () => {
  const { store, user } = setup();
  act(
    () =>
      void store.dispatch(stickyErrorRaised({ title: 'Reboot required', message: 'Apply after a reboot.' })),
  );
  const dialog = screen.getByRole('alertdialog', { name: 'Reboot required' });
  expect(dialog).toHaveAccessibleDescription('Apply after a reboot.');
  expect(dialog.style.width).toBe('530px');
  await user.keyboard('{Escape}');
  expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.queryByRole('alertdialog')).toBeNull();
});
