import type { ApiClient } from '../../src/api/client';
import { createAppStore } from '../../src/store/createStore';
import { logTailRequested } from '../../src/store/slices/logTail.slice';
import { closeWindow, minimizeWindow, openWindow } from '../../src/store/slices/windows.slice';
import { logTailSaga } from '../../sagas/logTail.saga';
import type { EventSourceLike } from '../../sagas/logStream.saga';

class Source implements EventSourceLike {
  readyState = 1;
  closed = false;
  listeners = new Map<string, (e: MessageEvent<string> | Event) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (e: MessageEvent<string> | Event) => void) {
    this.listeners.set(type, l);
  }
  close() {
    this.closed = true;
  }
  send(logs: unknown[]) {
    this.listeners.get('message')?.({ data: JSON.stringify({ logs }) } as MessageEvent<string>);
  }
}

function setup() {
  const sources: Source[] = [];
  const store = createAppStore({
    context: {
      api: {} as ApiClient,
      platform: 'browser',
      eventSource: (url: string) => {
        const s = new Source(url);
        sources.push(s);
        return s;
      },
    },
  });
  store.runSaga(logTailSaga);
  return { store, sources };
}

const entry = (id: number) => ({ id, service: 'auth', timestamp: 1_763_800_000 + id, message: `m${id}` });

describe('log tail windows', () => {
  test('one stream per window, kept while iconised, closed and forgotten with the window', () => {
    const { store, sources } = setup();
    store.dispatch(openWindow({ id: 'w1', componentName: 'LogTail', title: 'Tail', usesEventsStream: true }));
    store.dispatch(logTailRequested({ id: 'w1', url: '/eos/system/logs/stream?services=auth' }));
    store.dispatch(logTailRequested({ id: 'w1', url: '/eos/system/logs/stream?services=auth' }));
    expect(sources.map((s) => s.url)).toEqual(['/eos/system/logs/stream?services=auth']);

    sources[0].send([entry(1), entry(2)]);
    expect(store.getState().logTails.w1).toEqual({
      status: 'live',
      url: '/eos/system/logs/stream?services=auth',
      entries: [entry(2), entry(1)],
    });

    store.dispatch(minimizeWindow('w1'));
    expect(sources[0].closed).toBe(false);

    store.dispatch(closeWindow('w1'));
    expect(sources[0].closed).toBe(true);
    expect(store.getState().logTails.w1).toBeUndefined();
  });

  test('other filters for a window (it follows the report) replace its stream and start its entries over', () => {
    const { store, sources } = setup();
    store.dispatch(openWindow({ id: 'w3', componentName: 'LogTail', title: 'Tail', usesEventsStream: true }));
    store.dispatch(logTailRequested({ id: 'w3', url: '/eos/system/logs/stream?services=auth' }));
    sources[0].send([entry(1)]);
    store.dispatch(logTailRequested({ id: 'w3', url: '/eos/system/logs/stream?services=sshd' }));
    expect(sources.map((s) => [s.url, s.closed])).toEqual([
      ['/eos/system/logs/stream?services=auth', true],
      ['/eos/system/logs/stream?services=sshd', false],
    ]);
    expect(store.getState().logTails.w3).toEqual({
      status: 'connecting',
      url: '/eos/system/logs/stream?services=sshd',
      entries: [],
    });
  });

  test('a refused stream marks the tail failed', () => {
    const { store, sources } = setup();
    store.dispatch(logTailRequested({ id: 'w2', url: '/eos/system/logs/stream' }));
    sources[0].readyState = 2;
    sources[0].listeners.get('error')?.(new Event('error'));
    expect(store.getState().logTails.w2.status).toBe('failed');
  });
});
