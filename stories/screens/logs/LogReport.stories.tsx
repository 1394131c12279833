/**
 * The live log report against a canned stream: the saga runs for real, with an event source that emits stored
 * entries (and, for the live story, new ones on a timer) instead of reaching a server.
 */
import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { Provider } from 'react-redux';
import { LogReport } from '../../../src/app/pages/logs/LogReport';
import { LOG_SERVICES } from '../../../src/shared/logServices';
import { createAppStore, type RootState } from '../../../src/store/createStore';
import { initialLogReportState, type LogRow } from '../../../src/store/slices/logReport.slice';
import { logStreamSaga, type EventSourceLike } from '../../../sagas/logStream.saga';
import { offlineApi } from '../../support/StoryProviders';

const MESSAGES = [
  'sshd[981]: Accepted publickey for admin from 10.0.0.4 port 51234',
  'dnsmasq[412]: query[A] updates.example.com from 10.0.0.12',
  'login failed for "operator"; 2 attempts left',
  'settings changed: primary colour #76b100',
  'job "apply configuration" step 2 of 5: writing firewall rules',
  'link eth1 up, 1000 Mb/s full duplex',
  'certificate "vpn.example.com" renewed, valid until 2027-02-20',
  'message with "quotes"; semicolons, commas and ünïcødé',
];

let nextId = 1;
const makeRow = (now: number): LogRow => {
  const id = nextId++;
  return {
    id,
    service: LOG_SERVICES[id % LOG_SERVICES.length],
    timestamp: now / 1000 - Math.random() * 5,
    message: MESSAGES[id % MESSAGES.length],
  };
};

interface CannedStream {
  history?: number;
  /** New entries per second after the history (0 = none). */
  rate?: number;
  /** Send `end` after the history. */
  end?: boolean;
  /** Never answer: the report keeps waiting for its first data. */
  silent?: boolean;
}

function cannedEventSource({ history = 0, rate = 0, end = false, silent = false }: CannedStream) {
  return (): EventSourceLike => {
    const listeners = new Map<string, Array<(e: MessageEvent<string> | Event) => void>>();
    const emit = (type: string, data: string) =>
      listeners.get(type)?.forEach((l) => l({ data } as MessageEvent<string>));
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (!silent) {
      timers.push(
        setTimeout(() => {
          emit(
            'message',
            JSON.stringify({ logs: Array.from({ length: history }, () => makeRow(Date.now())) }),
          );
          if (end) emit('end', '{}');
        }, 300),
      );
      if (rate > 0)
        timers.push(
          setInterval(
            () =>
              emit(
                'message',
                JSON.stringify({
                  logs: Array.from({ length: Math.ceil(rate / 4) }, () => makeRow(Date.now())),
                }),
              ),
            250,
          ),
        );
    }
    return {
      readyState: 1,
      addEventListener: (type, l) => listeners.set(type, [...(listeners.get(type) ?? []), l]),
      close: () => timers.forEach((t) => clearTimeout(t)),
    };
  };
}

interface CannedReportProps {
  stream: CannedStream;
  state?: Partial<RootState>;
  onExport?: (name: string, rows: readonly LogRow[]) => void;
}

function CannedReport({ stream, state, onExport }: CannedReportProps) {
  const [store] = useState(() =>
    createAppStore({
      preloadedState: state,
      context: { api: offlineApi, platform: 'browser', eventSource: cannedEventSource(stream) },
    }),
  );
  useEffect(() => {
    const task = store.runSaga(logStreamSaga);
    return () => task.cancel();
  }, [store]);
  return (
    <Provider store={store}>
      <LogReport onExport={onExport} />
    </Provider>
  );
}

const meta: Meta<typeof CannedReport> = {
  title: 'Screens/Logs/Live log report',
  component: CannedReport,
  parameters: { layout: 'padded' },
  // Export is recorded in the Actions panel instead of downloading a file.
  args: { onExport: fn() },
};
export default meta;
type Story = StoryObj<typeof CannedReport>;

export const Live: Story = { args: { stream: { history: 40, rate: 8 } } };
export const FetchingData: Story = { args: { stream: { silent: true } } };
export const NoDataAvailable: Story = { args: { stream: { history: 0 } } };
export const Ended: Story = { args: { stream: { history: 12, end: true } } };
export const SearchWithoutMatch: Story = {
  args: {
    stream: { history: 20 },
    state: { logReport: { ...initialLogReportState, search: 'no such words' } },
  },
};
export const FiltersOpen: Story = {
  args: {
    stream: { history: 20 },
    state: {
      logReport: {
        ...initialLogReportState,
        panelOpen: true,
        services: initialLogReportState.services.map((s) => ({ ...s, enabled: s.service === 'ssh' })),
      },
    },
  },
};
export const HighRate: Story = { args: { stream: { history: 200, rate: 2000 } } };
