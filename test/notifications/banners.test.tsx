/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Banners never cover the work: many warnings of one kind read as one summary line with a count and a Review link,
 * a local notice's dismissal is remembered for the user (and what was dismissed) without asking the server, and the
 * safe-apply countdown cannot be closed away: it is answered with Keep changes or Revert now.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { confirmationsSaga } from '../../sagas/confirmations.saga';
import { notificationsSaga } from '../../sagas/notifications.saga';
import { NotificationCenter } from '../../src/notifications/NotificationCenter';
import {
  NOTIFICATION_APPEAR_DELAY_MS,
  NOTIFICATION_REMOVE_AFTER_MS,
} from '../../src/notifications/constants';
import { dismissalsKey, isNoticeDismissed } from '../../src/notifications/dismissals';
import { EXPIRY_GROUP } from '../../src/app/pages/system/certificates/LifecycleBoard';
import { notificationRequested } from '../../src/store/slices/notifications.slice';
import { fakeApi, flush, makeTestStore } from '../sagas/fakes';

beforeEach(() => {
  // Mid-second: the countdown reads whole seconds of the clock rounded up, so a start in a second's last 100 ms (the
  // banner appears 100 ms later) read a second short, and a start on a whole second would too.
  jest.useFakeTimers({ now: 1_700_000_000_500 });
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

const pending = {
  id: '6f1c1a52-7a43-4b1e-9a39-5d2f6f0c8e11',
  service: 'ssh',
  changes: ['SSH port'],
  deadline: 0,
  seconds_left: 60,
};

function setup(username = 'alice', confirmations: unknown[] = []) {
  const { api, calls } = fakeApi({
    'GET /api/apply/confirmations': () => ({ data: confirmations }),
    [`POST /api/apply/confirmations/${pending.id}/revert`]: () => ({ status: 'reverted' }),
    [`POST /api/apply/confirmations/${pending.id}/confirm`]: () => ({ status: 'confirmed' }),
  });
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user: { username, role: 'admin' } } },
  });
  store.runSaga(notificationsSaga);
  store.runSaga(confirmationsSaga);
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  render(
    <Provider store={store}>
      <NotificationCenter />
    </Provider>,
  );
  const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  return { store, calls, user, tick };
}

/** The expiry notice of one certificate, as the certificates page raises it. */
const expiring = (i: number, notAfter = '2026-12-10T00:00:00.000Z') =>
  notificationRequested({
    kind: 'banner',
    level: 'warning',
    title: 'Certificate about to expire',
    message: `cert-${i} expires in 9 days.`,
    notice: { key: `pki-expiry-${i}`, version: notAfter },
    group: EXPIRY_GROUP,
  });

test('twelve expiry warnings read as one line with the count and a Review link to the filtered list', () => {
  const { store, tick } = setup();
  act(() => {
    for (let i = 0; i < 12; i++) store.dispatch(expiring(i));
  });
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  const top = screen.getByRole('region', { name: 'Announcements' });
  const items = within(top).getAllByRole('listitem');
  expect(items).toHaveLength(1);
  expect(items[0]).toHaveAccessibleName('Warning: 12 certificates expire within 14 days');
  expect(items[0]).toHaveTextContent('12 certificates expire within 14 days — Review');
  expect(within(items[0]).getByRole('link', { name: 'Review' })).toHaveAttribute(
    'href',
    '/system/certificates?status=valid&expires_within_days=14',
  );
  // One line, one close button: no per-certificate banner and nothing else to dismiss.
  expect(within(top).queryByText(/cert-3/)).toBeNull();
  expect(within(top).getAllByRole('button')).toHaveLength(1);
});

test('a single warning of a group keeps its own text', () => {
  const { store, tick } = setup();
  act(() => void store.dispatch(expiring(1)));
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  expect(screen.getByRole('listitem', { name: 'Warning: Certificate about to expire' })).toHaveTextContent(
    'cert-1 expires in 9 days.',
  );
});

test('the one expiry banner the certificates board raises links to the filtered list', () => {
  const { store, tick } = setup();
  act(
    () =>
      void store.dispatch(
        notificationRequested({
          kind: 'banner',
          level: 'warning',
          title: 'Certificates about to expire',
          message: '3 certificates expire within 14 days: a, b, c.',
          notice: { key: 'pki-expiry', version: '3-abc' },
          link: EXPIRY_GROUP.review,
        }),
      ),
  );
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  const banner = screen.getByRole('listitem', { name: 'Warning: Certificates about to expire' });
  expect(banner).toHaveTextContent('3 certificates expire within 14 days: a, b, c.');
  expect(within(banner).getByRole('link', { name: 'Review' })).toHaveAttribute(
    'href',
    '/system/certificates?status=valid&expires_within_days=14',
  );
});

test('dismissing local notices is remembered for this user and what was dismissed, and sends nothing to the server', async () => {
  const { store, calls, user, tick } = setup('alice');
  act(() => {
    for (let i = 0; i < 3; i++) store.dispatch(expiring(i));
  });
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  await user.click(screen.getByRole('button', { name: 'Dismiss: 3 certificates expire within 14 days' }));
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  await act(() => flush(10));
  expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  // No acknowledgement call: the server has no such message (it answered 404 and the banners came back).
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  expect(isNoticeDismissed('alice', { key: 'pki-expiry-1', version: '2026-12-10T00:00:00.000Z' })).toBe(true);
  expect(isNoticeDismissed('bob', { key: 'pki-expiry-1', version: '2026-12-10T00:00:00.000Z' })).toBe(false);
  expect(window.localStorage.getItem(dismissalsKey('alice'))).toContain('pki-expiry-2');

  // The next visit raises them again: they stay away. A certificate with a new expiry date is news and shows.
  act(() => {
    for (let i = 0; i < 3; i++) store.dispatch(expiring(i));
    store.dispatch(expiring(1, '2027-01-05T00:00:00.000Z'));
  });
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  const items = screen.getAllByRole('listitem');
  expect(items).toHaveLength(1);
  expect(items[0]).toHaveAccessibleName('Warning: Certificate about to expire');
});

test('the safe-apply countdown has Keep changes and Revert now, says how to test, and cannot be dismissed', async () => {
  const { calls, user, tick } = setup('alice', [pending]);
  await act(() => flush(10));
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  const banner = screen.getByRole('listitem', { name: 'Warning: Keep the SSH changes?' });
  expect(banner).toHaveTextContent(/open a second SSH session/);
  expect(banner).toHaveTextContent('1 min 0 s left');
  expect(within(banner).getByRole('button', { name: 'Keep changes' })).toBeEnabled();
  const revert = within(banner).getByRole('button', { name: 'Revert now' });
  // No close button, and Escape leaves it standing.
  expect(within(banner).queryByRole('button', { name: /^Dismiss/ })).toBeNull();
  revert.focus();
  await user.keyboard('{Escape}');
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  expect(screen.getByRole('listitem', { name: 'Warning: Keep the SSH changes?' })).toBeInTheDocument();

  await user.click(revert);
  await act(() => flush(10));
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
    `POST /api/apply/confirmations/${pending.id}/revert`,
  );
  expect(screen.queryByRole('listitem', { name: 'Warning: Keep the SSH changes?' })).toBeNull();
  expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
    'Changes reverted: the previous configuration is running again.',
  );
});

test('"Dismiss all" of the banners leaves a running countdown', async () => {
  const { store, user, tick } = setup('alice', [pending]);
  await act(() => flush(10));
  act(() => {
    store.dispatch(notificationRequested({ kind: 'banner', level: 'info', title: 'One', message: '1' }));
    store.dispatch(notificationRequested({ kind: 'banner', level: 'info', title: 'Two', message: '2' }));
  });
  tick(NOTIFICATION_APPEAR_DELAY_MS);
  const top = screen.getByRole('region', { name: 'Announcements' });
  await user.click(within(top).getByRole('button', { name: 'Dismiss all' }));
  tick(NOTIFICATION_REMOVE_AFTER_MS);
  expect(
    within(top)
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('aria-label')),
  ).toEqual(['Warning: Keep the SSH changes?']);
});
