import {
  agreementsSaga,
  messagingSaga,
  messagingStartSaga,
  toNotification,
  type ServerMessage,
} from '../../sagas/messaging.saga';
import { AGREEMENT_APPEAR_DELAY_MS } from '../../src/notifications/constants';
import {
  agreementModalEvent,
  messagesRequested,
  notificationRequested,
  type NotificationRequest,
} from '../../src/store/slices/notifications.slice';
import { fakeApi, flush, makeTestStore } from './fakes';

describe('server message → center notification (spec §3)', () => {
  const base = { id: 1, version_id: 2, text: 'body', name: 'Title' };
  it.each<[Partial<ServerMessage>, Partial<NotificationRequest> | undefined]>([
    [
      { level: 'info', type: 'notification' },
      { level: 'default', kind: 'toast' },
    ],
    [
      { level: 'success', type: 'notification' },
      { level: 'success', kind: 'toast' },
    ],
    [
      { level: 'error', type: 'notification' },
      { level: 'error', kind: 'toast' },
    ],
    [
      { level: 'info', type: 'banner' },
      { level: 'warning', kind: 'banner', showFrom: 'top' },
    ],
    [
      { level: 'error', type: 'banner' },
      { level: 'warning', kind: 'banner' },
    ],
    [
      { level: 'info', type: 'agreement' },
      { level: 'default', kind: 'agreement' },
    ],
    [
      { level: 'warning', type: 'agreement' },
      { level: 'warning', kind: 'agreement' },
    ],
    [
      { level: 'bogus', type: 'notification' },
      { level: 'default', kind: 'toast' },
    ],
    [{ level: 'info', type: 'popup' }, undefined],
  ])('%j → %j', (patch, expected) => {
    const n = toNotification({ ...base, ...patch } as ServerMessage);
    if (!expected) return expect(n).toBeUndefined();
    expect(n).toMatchObject({
      id: '1',
      version_id: '2',
      title: 'Title',
      message: 'body',
      // A server message is the admin's markdown: the only notices rendered as markdown.
      markdown: true,
      duration: -1,
      ...expected,
    });
  });
  it('drops a message without an id', () => {
    expect(toNotification({ text: 'x', type: 'banner' } as ServerMessage)).toBeUndefined();
  });
});

const messages = {
  data: [
    { id: 1, version_id: 1, text: 'Terms', name: 'Terms of use', level: 'info', type: 'agreement' },
    { id: 2, version_id: 4, text: 'Maintenance tonight', name: 'Maintenance', level: 'info', type: 'banner' },
    { id: 3, version_id: 1, text: 'Welcome', name: 'Hello', level: 'success', type: 'notification' },
  ],
};

describe('loading messages (spec §7)', () => {
  function load(config: object, answer: () => unknown = () => messages) {
    const { api, calls } = fakeApi({ 'GET /api/users/me/messages': answer });
    const store = makeTestStore({ api, config });
    store.runSaga(messagingSaga);
    store.dispatch(messagesRequested());
    return { store, calls };
  }
  it('mode x shows every message', async () => {
    const { store } = load({ messagingMode: 'x' });
    await flush(10);
    const s = store.getState().notifications;
    expect([s.agreements.length, s.banners.length, s.toasts.length]).toEqual([1, 1, 1]);
    expect(s.messages).toBe('loaded');
  });
  it('other modes show only agreements', async () => {
    const { store } = load({ messagingMode: 'agreements' });
    await flush(10);
    const s = store.getState().notifications;
    expect([s.agreements.length, s.banners.length, s.toasts.length]).toEqual([1, 0, 0]);
  });
  it('loads once: a second request after loading makes no call', async () => {
    const { store, calls } = load({});
    await flush(10);
    store.dispatch(messagesRequested());
    await flush(10);
    expect(calls).toHaveLength(1);
    expect(store.getState().notifications.agreements).toHaveLength(1);
  });
  it.each([{ apiBase: '' }, { notifications: false }])('makes no call when %j', async (config) => {
    const { calls } = load(config);
    await flush(10);
    expect(calls).toEqual([]);
  });
  it('a failed load only logs a warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { store } = load({}, () => {
      throw new Error('down');
    });
    await flush(10);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('loading messages failed'), expect.any(Error));
    expect(store.getState().notifications.toasts).toEqual([]);
    expect(store.getState().notifications.messages).toBe('failed');
    warn.mockRestore();
  });
});

describe('agreement modal host', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function start(options: { mode?: 'x' | 'agreements'; ackFails?: boolean } = {}) {
    const posted: string[] = [];
    const { api, calls } = fakeApi(options.ackFails ? {} : { 'POST /api/users/me/ack-messages': () => ({}) });
    const store = makeTestStore({
      api,
      config: { messagingMode: options.mode ?? 'agreements' },
      context: { postToParent: (m: string) => posted.push(m) },
    });
    store.runSaga(agreementsSaga);
    const agree = (localId: string, id?: string) =>
      store.dispatch(
        notificationRequested({
          localId,
          id,
          version_id: id ? 'v1' : undefined,
          kind: 'agreement',
          level: 'default',
          title: `Terms ${localId}`,
          message: '**terms**',
        }),
      );
    const modal = () => store.getState().notifications.agreementModal;
    return { store, calls, posted, agree, modal };
  }

  it('appears after 100 ms; accept needs the box ticked; accepting the last one tells the parent', async () => {
    const { store, calls, posted, agree, modal } = start();
    agree('a1', '11');
    expect(modal()).toEqual({ localId: 'a1', state: 'hidden', read: false });
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
    expect(modal()?.state).toBe('visible');
    store.dispatch(agreementModalEvent({ type: 'user.accept' }));
    expect(modal()?.state).toBe('visible'); // not ticked yet
    store.dispatch(agreementModalEvent({ type: 'user.toggleRead', checked: true }));
    expect(modal()?.read).toBe(true);
    store.dispatch(agreementModalEvent({ type: 'user.accept' }));
    expect(modal()?.state).toBe('accepting');
    await flush(10);
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/users/me/ack-messages',
        body: { message_id: '11', version_id: 'v1' },
      }),
    ]);
    expect(store.getState().notifications.agreements).toEqual([]);
    expect(modal()).toBeNull();
    expect(posted).toEqual(['acceptedAllAgreements']);
  });

  it('shows the next agreement after one is accepted and tells the parent only when none remain', async () => {
    const { store, posted, agree, modal } = start();
    agree('a1', '11');
    agree('a2', '12');
    for (const id of ['a1', 'a2']) {
      jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
      expect(modal()).toMatchObject({ localId: id, state: 'visible' });
      store.dispatch(agreementModalEvent({ type: 'user.toggleRead', checked: true }));
      store.dispatch(agreementModalEvent({ type: 'user.accept' }));
      await flush(10);
      if (id === 'a1') expect(posted).toEqual([]);
    }
    expect(posted).toEqual(['acceptedAllAgreements']);
  });

  it('declining marks it dismissed and tells the parent when it has an id', () => {
    const { store, posted, agree, modal } = start();
    agree('a1', '11');
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
    store.dispatch(agreementModalEvent({ type: 'user.decline' }));
    expect(store.getState().notifications.agreements[0].dismissed).toBe(true);
    expect(modal()).toBeNull();
    expect(posted).toEqual(['declinedAgreement']);
  });

  it('declining an agreement without a server id tells nobody', () => {
    const { store, posted, agree } = start();
    agree('local');
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
    store.dispatch(agreementModalEvent({ type: 'user.decline' }));
    expect(posted).toEqual([]);
  });

  it('mode x never posts to the parent', async () => {
    const { store, posted, agree } = start({ mode: 'x' });
    agree('a1', '11');
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
    store.dispatch(agreementModalEvent({ type: 'user.toggleRead', checked: true }));
    store.dispatch(agreementModalEvent({ type: 'user.accept' }));
    await flush(10);
    agree('a2', '12');
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
    store.dispatch(agreementModalEvent({ type: 'user.decline' }));
    expect(posted).toEqual([]);
  });

  it('accepting goes through the one acknowledgement owner: a local agreement without an id posts nothing', async () => {
    const { store, calls, agree, modal } = start();
    agree('local');
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
    store.dispatch(agreementModalEvent({ type: 'user.toggleRead', checked: true }));
    store.dispatch(agreementModalEvent({ type: 'user.accept' }));
    expect(modal()?.state).toBe('accepting');
    await flush(10);
    expect(calls).toEqual([]);
    expect(store.getState().notifications.agreements).toEqual([]);
  });

  it('a failed acknowledge goes to the error handler and the modal stays', async () => {
    const { store, posted, agree, modal } = start({ ackFails: true });
    agree('a1', '11');
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
    store.dispatch(agreementModalEvent({ type: 'user.toggleRead', checked: true }));
    store.dispatch(agreementModalEvent({ type: 'user.accept' }));
    await flush(20);
    expect(modal()).toMatchObject({ localId: 'a1', state: 'visible', read: true });
    expect(store.getState().notifications.agreements).toHaveLength(1);
    // The fake answers 404 {detail: 'Not Found'}: the handler shows the detail as an error toast.
    expect(store.getState().notifications.toasts).toEqual([
      expect.objectContaining({ level: 'error', message: 'Not Found' }),
    ]);
    expect(posted).toEqual([]);
  });
});

describe('messaging at start', () => {
  it.each([
    ['x', true],
    ['agreements', false],
  ] as const)('mode %s loads every message at start: %s', async (mode, loads) => {
    const { api, calls } = fakeApi({ 'GET /api/users/me/messages': () => messages });
    const store = makeTestStore({ api, config: { messagingMode: mode } });
    store.runSaga(messagingSaga);
    store.runSaga(messagingStartSaga);
    await flush(10);
    expect(calls.length).toBe(loads ? 1 : 0);
  });
});
