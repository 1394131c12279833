import { notificationsSaga } from '../../sagas/notifications.saga';
import {
  NOTIFICATION_APPEAR_DELAY_MS,
  NOTIFICATION_REMOVE_AFTER_MS,
} from '../../src/notifications/constants';
import {
  notificationDismissed,
  notificationRequested,
  notificationsCleared,
  notificationsDismissedAll,
} from '../../src/store/slices/notifications.slice';
import { fakeApi, flush, makeTestStore } from './fakes';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup(config = {}) {
  const { api, calls } = fakeApi({ 'POST /api/users/me/ack-messages': () => ({}) });
  const store = makeTestStore({ api, config });
  const task = store.runSaga(notificationsSaga);
  const toast = (localId: string) => store.getState().notifications.toasts.find((n) => n.localId === localId);
  return { store, calls, task, toast };
}

test('a timed toast is pending, visible after 100 ms, closing after its duration and gone after twice the fade', () => {
  const { store, toast } = setup();
  store.dispatch(
    notificationRequested({
      localId: 't1',
      kind: 'toast',
      level: 'success',
      message: 'Saved',
      duration: 2000,
    }),
  );
  expect(toast('t1')?.phase).toBe('pending');
  jest.advanceTimersByTime(NOTIFICATION_APPEAR_DELAY_MS - 1);
  expect(toast('t1')?.phase).toBe('pending');
  jest.advanceTimersByTime(1);
  expect(toast('t1')?.phase).toBe('visible');
  jest.advanceTimersByTime(1999);
  expect(toast('t1')?.phase).toBe('visible');
  jest.advanceTimersByTime(1);
  expect(toast('t1')?.phase).toBe('closing');
  jest.advanceTimersByTime(NOTIFICATION_REMOVE_AFTER_MS - 1);
  expect(toast('t1')).toBeDefined();
  jest.advanceTimersByTime(1);
  expect(toast('t1')).toBeUndefined();
});

test('a persistent toast (-1) stays until dismissed, then fades out and is removed', () => {
  const { store, toast, calls } = setup();
  store.dispatch(notificationRequested({ localId: 'p', kind: 'toast', level: 'info', message: 'Hi' }));
  jest.advanceTimersByTime(60_000);
  expect(toast('p')?.phase).toBe('visible');
  store.dispatch(notificationDismissed({ localId: 'p' }));
  expect(toast('p')?.phase).toBe('closing');
  jest.advanceTimersByTime(NOTIFICATION_REMOVE_AFTER_MS);
  expect(toast('p')).toBeUndefined();
  expect(calls).toEqual([]); // no server id: nothing to acknowledge
});

test('dismissing a server message acknowledges it with message_id and version_id, then removes it', async () => {
  const { store, calls } = setup();
  store.dispatch(
    notificationRequested({
      localId: 'b',
      id: '7',
      version_id: '3',
      kind: 'banner',
      level: 'warning',
      message: 'Maintenance',
    }),
  );
  jest.advanceTimersByTime(NOTIFICATION_APPEAR_DELAY_MS);
  store.dispatch(notificationDismissed({ localId: 'b' }));
  jest.advanceTimersByTime(NOTIFICATION_REMOVE_AFTER_MS);
  expect(calls).toEqual([
    {
      method: 'POST',
      url: '/api/users/me/ack-messages',
      body: { message_id: '7', version_id: '3' },
      query: undefined,
    },
  ]);
  expect(store.getState().notifications.banners).toHaveLength(1); // removed only once acknowledged
  await flush();
  expect(store.getState().notifications.banners).toHaveLength(0);
});

test('a server message that times out is removed without an acknowledgement', async () => {
  const { store, calls } = setup();
  store.dispatch(
    notificationRequested({
      localId: 's',
      id: '9',
      version_id: '1',
      kind: 'toast',
      level: 'default',
      message: 'x',
      duration: 500,
    }),
  );
  jest.advanceTimersByTime(NOTIFICATION_APPEAR_DELAY_MS + 500 + NOTIFICATION_REMOVE_AFTER_MS);
  await flush();
  expect(calls).toEqual([]);
  expect(store.getState().notifications.toasts).toHaveLength(0);
});

test('no acknowledgement call when notifications are disabled or the API address is missing', async () => {
  for (const config of [{ notifications: false }, { apiBase: '' }]) {
    const { store, calls, task } = setup(config);
    store.dispatch(
      notificationRequested({
        localId: 'x',
        id: '1',
        version_id: '1',
        kind: 'toast',
        level: 'default',
        message: 'x',
      }),
    );
    jest.advanceTimersByTime(NOTIFICATION_APPEAR_DELAY_MS);
    store.dispatch(notificationDismissed({ localId: 'x' }));
    jest.advanceTimersByTime(NOTIFICATION_REMOVE_AFTER_MS);
    await flush();
    expect(calls).toEqual([]);
    expect(store.getState().notifications.toasts).toHaveLength(0);
    task.cancel();
  }
});

test('a failed acknowledgement still removes the message locally and only warns', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { api } = fakeApi({});
  const store = makeTestStore({ api });
  store.runSaga(notificationsSaga);
  store.dispatch(
    notificationRequested({
      localId: 'f',
      id: '1',
      version_id: '1',
      kind: 'toast',
      level: 'default',
      message: 'x',
    }),
  );
  store.dispatch(notificationDismissed({ localId: 'f' }));
  jest.advanceTimersByTime(NOTIFICATION_REMOVE_AFTER_MS);
  await flush(10);
  expect(store.getState().notifications.toasts).toHaveLength(0);
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});

test('dismiss all closes every toast and banner; clearing removes at once', () => {
  const { store } = setup();
  store.dispatch(notificationRequested({ localId: 'a', kind: 'toast', level: 'default', message: 'a' }));
  store.dispatch(notificationRequested({ localId: 'b', kind: 'banner', level: 'warning', message: 'b' }));
  jest.advanceTimersByTime(NOTIFICATION_APPEAR_DELAY_MS);
  store.dispatch(notificationsDismissedAll());
  expect(store.getState().notifications.toasts[0].phase).toBe('closing');
  expect(store.getState().notifications.banners[0].phase).toBe('closing');
  jest.advanceTimersByTime(NOTIFICATION_REMOVE_AFTER_MS);
  expect(store.getState().notifications.toasts).toHaveLength(0);
  expect(store.getState().notifications.banners).toHaveLength(0);

  store.dispatch(notificationRequested({ localId: 'c', kind: 'toast', level: 'default', message: 'c' }));
  store.dispatch(notificationsCleared({ kind: 'toast' }));
  expect(store.getState().notifications.toasts).toHaveLength(0);
  jest.advanceTimersByTime(10_000); // its timers are gone with it: nothing throws, nothing comes back
  expect(store.getState().notifications.toasts).toHaveLength(0);
});

test('toasts already in the store when the saga starts (server-rendered) run too', () => {
  const { api } = fakeApi({});
  const store = makeTestStore({
    api,
    state: {
      notifications: {
        toasts: [{ localId: 'ssr', kind: 'toast', level: 'info', message: 'from server', duration: 1000 }],
        banners: [],
        agreements: [],
        stickyErrors: [],
        agreementModal: null,
        messages: 'idle',
      },
    },
  });
  store.runSaga(notificationsSaga);
  jest.advanceTimersByTime(NOTIFICATION_APPEAR_DELAY_MS + 1000 + NOTIFICATION_REMOVE_AFTER_MS);
  expect(store.getState().notifications.toasts).toHaveLength(0);
});
