import { confirmationLocalId, confirmationsSaga, ROLLBACK_GRACE_MS } from '../../sagas/confirmations.saga';
import {
  confirmationKept,
  confirmationReverted,
  confirmationsCheckRequested,
} from '../../src/store/slices/confirmations.actions';
import { resourcesSaga } from '../../sagas/resources.saga';
import { progressUpdated } from '../../src/store/slices/progress.slice';
import { resourceLoaded } from '../../src/store/slices/resources.slice';
import { fakeApi, flush, makeTestStore } from './fakes';

const pending = { id: 'c1', service: 'ssh', changes: ['SSH port'], deadline: 0, seconds_left: 60 };

function setup(list: () => unknown[]) {
  const { api, calls } = fakeApi({
    'GET /api/apply/confirmations': () => ({ data: list() }),
    'POST /api/apply/confirmations/c1/confirm': () => ({ status: 'confirmed' }),
    'POST /api/apply/confirmations/c1/revert': () => ({ status: 'reverted' }),
    'GET /api/ssh/config': () => ({ settings: { port: 22 } }),
  });
  const store = makeTestStore({ api, state: { session: { loggedIn: true, user: null } } });
  store.runSaga(confirmationsSaga);
  // The page data reload after a rollback goes through the resources saga.
  store.runSaga(resourcesSaga);
  return { store, calls };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a pending change shows as a banner counting down with "Keep changes"; keeping it confirms on the server', async () => {
  const { store, calls } = setup(() => [pending]);
  await flush(10);
  const [banner] = store.getState().notifications.banners;
  expect(banner).toMatchObject({
    localId: confirmationLocalId('c1'),
    level: 'warning',
    title: 'Keep the SSH changes?',
    undismissable: true,
    topic: 'safe-apply:ssh',
    actions: [
      { label: 'Keep changes', action: confirmationKept({ id: 'c1' }), primary: true },
      { label: 'Revert now', action: confirmationReverted({ id: 'c1' }) },
    ],
  });
  expect(banner.deadline).toBeGreaterThan(Date.now() + 59_000);
  store.dispatch(confirmationKept({ id: 'c1' }));
  await flush(10);
  expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/apply/confirmations/c1/confirm');
  expect(store.getState().notifications.banners).toEqual([]);
  expect(store.getState().notifications.toasts).toEqual([
    expect.objectContaining({ message: 'Changes kept.' }),
  ]);
  // The deadline passing later does nothing: the change was kept.
  jest.advanceTimersByTime(60_000 + ROLLBACK_GRACE_MS);
  await flush(10);
  expect(store.getState().notifications.toasts).toHaveLength(1);
});

test('Revert now restores at once on the server, ends the countdown and reloads the page data', async () => {
  const { store, calls } = setup(() => [pending]);
  await flush(10);
  store.dispatch(resourceLoaded({ key: 'ssh/config', data: { settings: { port: 2222 } } }));
  store.dispatch(confirmationReverted({ id: 'c1' }));
  await flush(20);
  const made = calls.map((c) => `${c.method} ${c.url}`);
  expect(made).toContain('POST /api/apply/confirmations/c1/revert');
  expect(made).not.toContain('POST /api/apply/confirmations/c1/confirm');
  expect(made.filter((c) => c === 'GET /api/ssh/config')).toHaveLength(1);
  expect(store.getState().notifications.banners).toEqual([]);
  expect(store.getState().notifications.toasts).toEqual([
    expect.objectContaining({ message: 'Changes reverted: the previous configuration is running again.' }),
  ]);
  // The deadline passing later reports nothing more: the change is gone already.
  jest.advanceTimersByTime(60_000 + ROLLBACK_GRACE_MS);
  await flush(10);
  expect(store.getState().notifications.toasts).toHaveLength(1);
});

test('an unconfirmed change: after the deadline the console reports the rollback and reloads the page data', async () => {
  let list: unknown[] = [];
  const { store, calls } = setup(() => list);
  await flush(10);
  expect(store.getState().notifications.banners).toEqual([]);
  store.dispatch(resourceLoaded({ key: 'ssh/config', data: { settings: { port: 2222 } } }));
  list = [{ ...pending, seconds_left: 5 }];
  // A configuration job finishing is when a new confirmation may appear.
  store.dispatch(
    progressUpdated({
      id: 'j',
      dataType: 'config',
      status: 'done',
      progressPercentage: 100,
      totalSteps: 4,
      stepNumber: 4,
      details: [],
    }),
  );
  await flush(10);
  expect(store.getState().notifications.banners).toHaveLength(1);
  list = [];
  jest.advanceTimersByTime(5000 + ROLLBACK_GRACE_MS);
  await flush(20);
  expect(store.getState().notifications.banners).toEqual([]);
  expect(store.getState().notifications.toasts).toEqual([
    expect.objectContaining({ level: 'warning', title: 'SSH change rolled back' }),
  ]);
  expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/api/ssh/config' });
});

function userStore(privileges: Record<string, 'read' | 'write'>) {
  const { api, calls } = fakeApi({
    'GET /api/apply/confirmations': () => ({ data: [pending] }),
    'POST /api/apply/confirmations/c1/confirm': () => ({ status: 'confirmed' }),
    'POST /api/apply/confirmations/c1/revert': () => ({ status: 'reverted' }),
  });
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user: { username: 'u', role: 'user', privileges } } },
  });
  store.runSaga(confirmationsSaga);
  return { store, calls };
}

test('an account whose groups only let it read (or write elsewhere) is not asked', async () => {
  const { store, calls } = userStore({
    ssh: 'read',
    dns: 'read',
    network: 'read',
    pki: 'write',
    logs: 'write',
  });
  await flush(10);
  expect(calls).toEqual([]);
  expect(store.getState().notifications.banners).toEqual([]);
});

test('an account with the write privilege of a service area sees the banner and keeps the change', async () => {
  const { store, calls } = userStore({ ssh: 'write' });
  await flush(10);
  expect(store.getState().notifications.banners).toEqual([
    expect.objectContaining({
      title: 'Keep the SSH changes?',
      actions: expect.arrayContaining([expect.objectContaining({ label: 'Keep changes' })]),
    }),
  ]);
  store.dispatch(confirmationKept({ id: 'c1' }));
  await flush(10);
  expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/apply/confirmations/c1/confirm');
  expect(store.getState().notifications.banners).toEqual([]);
});

test('a lockout policy saved without a job shows its banner when the page asks for a check', async () => {
  let list: unknown[] = [];
  const { store } = setup(() => list);
  await flush(10);
  expect(store.getState().notifications.banners).toEqual([]);
  list = [{ ...pending, id: 'c2', service: 'auth', changes: ['attempts'] }];
  store.dispatch(confirmationsCheckRequested());
  await flush(10);
  expect(store.getState().notifications.banners).toEqual([
    expect.objectContaining({
      localId: confirmationLocalId('c2'),
      title: 'Keep the lockout policy changes?',
    }),
  ]);
});
