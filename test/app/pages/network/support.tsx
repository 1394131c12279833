/** Shared by the network, home and help page tests: a real store with the request sagas, fake API and stream. */
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { EventSourceLike } from '../../../../sagas/logStream.saga';
import { networkSaga } from '../../../../sagas/network.saga';
import { homeLiveSaga, networkLiveSaga } from '../../../../sagas/networkLive.saga';
import type { ApiClient } from '../../../../src/api/client';
import { createAppStore, type RootState } from '../../../../src/store/createStore';
import type { NetworkInterface, SystemStatus } from '../../../../src/store/slices/network.slice';
import { testConfig } from '../../../sagas/fakes';

export class FakeEventSource implements EventSourceLike {
  static last: FakeEventSource | null = null;
  readyState = 1;
  closed = false;
  private listeners = new Map<string, Array<(e: Event | MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, l: (e: Event | MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    act(() => {
      for (const l of this.listeners.get(type) ?? [])
        l({ data: JSON.stringify(data) } as MessageEvent<string>);
    });
  }
}

export function renderPage(
  ui: ReactNode,
  options: { api?: ApiClient; state?: Partial<RootState>; path?: string } = {},
) {
  const store = createAppStore({
    preloadedState: { config: testConfig(), ...options.state },
    context: {
      api: options.api ?? ({} as ApiClient),
      platform: 'browser',
      eventSource: (url: string) => new FakeEventSource(url),
    },
  });
  for (const saga of [networkSaga, networkLiveSaga, homeLiveSaga]) store.runSaga(saga);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, view };
}

export const eth0: NetworkInterface = {
  name: 'eth0',
  state: 'up',
  mtu: 1500,
  speedMbps: 1000,
  loopback: false,
  rxBytes: 5_000_000,
  txBytes: 1_000_000,
  rxPackets: 10,
  txPackets: 10,
  rxErrors: 0,
  txErrors: 0,
  rxDropped: 0,
  txDropped: 0,
};
export const lo: NetworkInterface = {
  ...eth0,
  name: 'lo',
  state: 'unknown',
  mtu: 65536,
  speedMbps: null,
  loopback: true,
};

export const signedInInterfaces: NetworkInterface[] = [
  { ...eth0, mac: '02:42:ac:11:00:02', addresses: [{ address: '192.0.2.10', family: 'IPv4', prefix: 24 }] },
  { ...lo, mac: null, addresses: [{ address: '127.0.0.1', family: 'IPv4', prefix: 8 }] },
];

export const status: SystemStatus = {
  cpu_percent: 12.5,
  load: [0.5, 0.4, 0.3],
  memory: { totalBytes: 8_000_000_000, freeBytes: 2_000_000_000 },
  disk: { path: '/var/lib/rampart', totalBytes: 100_000_000_000, freeBytes: 25_000_000_000 },
  uptime_seconds: 90_061,
  appliance_version: '1.2.0',
  running_jobs: 0,
  services: [
    { name: 'Appliance API', state: 'running', detail: 'under /api/' },
    { name: 'Syslog receiver', state: 'off', detail: 'no port configured' },
  ],
  recent_events: [{ id: 7, service: 'auth', timestamp: 1_763_800_000, message: 'failed login for "bob"' }],
};
