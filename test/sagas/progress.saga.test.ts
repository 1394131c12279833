import {
  progressSaga,
  jobStreamUrl,
  PROGRESS_DONE_LINGER_MS,
  type EventSourceLike,
} from '../../sagas/progress.saga';
import { progressJobStarted, parseProgressView } from '../../src/store/slices/progress.slice';
import { fakeApi, flush, makeTestStore } from './fakes';

/** An EventSource double: the test pushes named events into it. */
class FakeSource implements EventSourceLike {
  static opened: FakeSource[] = [];
  listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  onerror: ((e: Event) => void) | null = null;
  readyState = 1;
  closed = false;
  constructor(public url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, l: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? [])
      l({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
}

const view = (patch: object = {}) => ({
  id: 'j1',
  dataType: 'config',
  status: 'running',
  progressPercentage: 40,
  totalSteps: 5,
  stepNumber: 2,
  details: [{ name: 'dns', status: 'done', progressPercentage: 100 }],
  ...patch,
});

function setup(jobs: unknown[] = [], loggedIn = true) {
  FakeSource.opened = [];
  const { api, calls } = fakeApi({ 'GET /api/jobs': () => ({ data: jobs }) });
  const store = makeTestStore({
    api,
    state: { session: { loggedIn, user: null } },
    context: { eventSource: (url: string) => new FakeSource(url) },
  });
  store.runSaga(progressSaga);
  return { store, calls };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('an anonymous page does not ask for jobs', async () => {
  const { calls } = setup([view()], false);
  await flush();
  expect(calls).toHaveLength(0);
});

test('reattaches to an active job at start (after a reload) and follows its stream', async () => {
  const { store, calls } = setup([view({ progressPercentage: 10 })]);
  await flush(10);
  expect(calls).toEqual([expect.objectContaining({ url: '/api/jobs', query: { active: '1' } })]);
  expect(FakeSource.opened.map((s) => s.url)).toEqual([jobStreamUrl('j1')]);
  expect(store.getState().progress.view).toMatchObject({ id: 'j1', progressPercentage: 10 });
  FakeSource.opened[0].emit('progress', view({ progressPercentage: 60, stepNumber: 3 }));
  expect(store.getState().progress.view).toMatchObject({
    progressPercentage: 60,
    stepNumber: 3,
    totalSteps: 5,
  });
});

test('no active job: no overlay, no stream', async () => {
  const { store } = setup([]);
  await flush(10);
  expect(store.getState().progress.view).toBeNull();
  expect(FakeSource.opened).toEqual([]);
});

test('a started job shows at once; done shows a success toast and closes the overlay', async () => {
  const { store } = setup();
  await flush(10);
  store.dispatch(progressJobStarted({ id: 'j1', dataType: 'upgrade' }));
  expect(store.getState().progress.view).toMatchObject({
    id: 'j1',
    dataType: 'upgrade',
    progressPercentage: 0,
  });
  await flush(10); // the job stream's contract loads with the first job followed
  const source = FakeSource.opened[0];
  source.emit(
    'progress',
    view({ dataType: 'upgrade', status: 'done', progressPercentage: 100, stepNumber: 5 }),
  );
  expect(store.getState().notifications.toasts).toEqual([
    expect.objectContaining({ level: 'success', message: 'Update applied.', duration: 2000 }),
  ]);
  jest.advanceTimersByTime(PROGRESS_DONE_LINGER_MS - 1);
  await flush();
  expect(store.getState().progress.view).not.toBeNull();
  jest.advanceTimersByTime(1);
  await flush();
  expect(store.getState().progress.view).toBeNull();
  expect(source.closed).toBe(true);
});

test('a failed job stays with its reason; events that do not fit the job stream are dropped and reported once', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { store } = setup();
  await flush(10);
  store.dispatch(progressJobStarted({ id: 'j1' }));
  await flush(10);
  const source = FakeSource.opened[0];
  source.emit('progress', '{not json');
  source.emit('progress', { id: 'j1', status: 'exploded' });
  expect(store.getState().progress.view?.progressPercentage).toBe(0);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0][0])).toMatch(
    /jobs\/:id\/stream: a "progress" event .*dropped \(not JSON\)/,
  );
  source.emit('progress', view({ status: 'failed', reason: 'disk full' }));
  jest.advanceTimersByTime(10_000);
  expect(store.getState().progress.view).toMatchObject({ status: 'failed', reason: 'disk full' });
  expect(source.closed).toBe(true);
  warn.mockRestore();
});

test('a newer job replaces the one being followed; an end event closes the stream', async () => {
  const { store } = setup();
  await flush(10);
  store.dispatch(progressJobStarted({ id: 'j1' }));
  await flush(10);
  store.dispatch(progressJobStarted({ id: 'j2' }));
  await flush(10);
  expect(FakeSource.opened.map((s) => s.url)).toEqual([jobStreamUrl('j1'), jobStreamUrl('j2')]);
  expect(FakeSource.opened[0].closed).toBe(true);
  FakeSource.opened[0].emit('progress', view({ progressPercentage: 99 })); // the old job no longer counts
  expect(store.getState().progress.view).toMatchObject({ id: 'j2', progressPercentage: 0 });
  FakeSource.opened[1].emit('end', { id: 'j2', status: 'done' });
  expect(FakeSource.opened[1].closed).toBe(true);
});

test.each([
  [
    { id: 1, status: 'running', progressPercentage: 140, totalSteps: 3, stepNumber: 1, details: [] },
    { id: '1', progressPercentage: 100, dataType: 'config' },
  ],
  [
    { id: 'x', status: 'done', progressPercentage: -5, dataType: 'upgrade' },
    { progressPercentage: 0, dataType: 'upgrade', details: [] },
  ],
  [{ status: 'running' }, undefined],
  [{ id: 'x', status: 'paused' }, undefined],
  [null, undefined],
])('parseProgressView(%j)', (raw, expected) => {
  const parsed = parseProgressView(raw);
  if (expected === undefined) expect(parsed).toBeUndefined();
  else expect(parsed).toMatchObject(expected);
});
