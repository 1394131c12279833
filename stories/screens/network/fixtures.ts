/** Canned state for the network and home screens' stories (the pages read only the store). */
import { defaults, publicConfig } from '../../../config';
import type { RootState } from '../../../src/store/createStore';
import {
  networkSlice,
  type NetworkInterface,
  type NetworkState,
  type SamplesAnswer,
  type SystemStatus,
} from '../../../src/store/slices/network.slice';

const base: NetworkInterface = {
  name: 'eth0',
  state: 'up',
  mtu: 1500,
  speedMbps: 1000,
  loopback: false,
  rxBytes: 48_213_554_112,
  txBytes: 3_104_882_001,
  rxPackets: 0,
  txPackets: 0,
  rxErrors: 0,
  txErrors: 0,
  rxDropped: 0,
  txDropped: 0,
};

export const interfaces: NetworkInterface[] = [
  { ...base, mac: '02:42:ac:11:00:02', addresses: [{ address: '192.0.2.10', family: 'IPv4', prefix: 24 }] },
  {
    ...base,
    name: 'eth1',
    state: 'down',
    speedMbps: null,
    rxBytes: 0,
    txBytes: 0,
    mac: '02:42:ac:11:00:03',
    addresses: [],
  },
  {
    ...base,
    name: 'lo',
    state: 'unknown',
    mtu: 65536,
    speedMbps: null,
    loopback: true,
    mac: null,
    addresses: [{ address: '127.0.0.1', family: 'IPv4', prefix: 8 }],
  },
];

const anonymous = interfaces.map(({ mac: _m, addresses: _a, ...rest }) => rest);

const history = Array.from({ length: 60 }, (_, i) => ({
  t: 1_763_800_000_000 + i * 1000,
  interfaces: [
    {
      name: 'eth0',
      rxBytes: 0,
      txBytes: 0,
      rxRate: 200_000 + 80_000 * Math.sin(i / 5),
      txRate: 20_000 + 9_000 * Math.cos(i / 4),
    },
    { name: 'eth1', rxBytes: 0, txBytes: 0, rxRate: 0, txRate: 0 },
  ],
}));

export const config = publicConfig(defaults);
const initial = networkSlice.getInitialState();

export function networkState(patch: Partial<NetworkState>): Partial<RootState> {
  return { config, network: { ...initial, ...patch } };
}

export const overview = (signedIn: boolean) =>
  networkState({
    interfaces: { status: 'loaded', signedIn, data: signedIn ? interfaces : anonymous },
    live: { connected: true, failed: false, last: history[history.length - 1], history },
  });

const now = 1_763_800_000;
export const samples: SamplesAnswer = {
  interval_seconds: 60,
  retention_days: 7,
  from: now - 86_400,
  to: now,
  interfaces: ['eth0', 'lo'],
  series: [
    {
      interface: 'eth0',
      points: Array.from({ length: 120 }, (_, i) => ({
        t: now - 7200 + i * 60,
        rx: 150_000 + 100_000 * Math.abs(Math.sin(i / 10)),
        tx: 15_000 + 5_000 * Math.abs(Math.cos(i / 8)),
      })),
      rxTotal: 1_440_000_000,
      txTotal: 144_000_000,
    },
    {
      interface: 'lo',
      points: Array.from({ length: 120 }, (_, i) => ({ t: now - 7200 + i * 60, rx: 800, tx: 800 })),
      rxTotal: 5_760_000,
      txTotal: 5_760_000,
    },
  ],
};

export const status: SystemStatus = {
  cpu_percent: 23.4,
  load: [0.42, 0.37, 0.31],
  memory: { totalBytes: 8_000_000_000, freeBytes: 2_900_000_000 },
  disk: { path: '/var/lib/rampart', totalBytes: 64_000_000_000, freeBytes: 41_000_000_000 },
  uptime_seconds: 1_036_800,
  appliance_version: '1.2.0',
  running_jobs: 1,
  services: [
    { name: 'Appliance API', state: 'running', detail: 'under /api/' },
    { name: 'Identity service', state: 'running', detail: 'under /identity' },
    { name: 'Syslog receiver', state: 'off', detail: 'no port configured' },
    { name: 'Network sampler', state: 'running', detail: 'every 60 s, kept 7 days' },
  ],
  recent_events: [
    { id: 41, service: 'auth', timestamp: now - 120, message: 'failed login for "operator"' },
    { id: 39, service: 'jobs', timestamp: now - 3600, message: 'job upgrade failed: checksum mismatch' },
  ],
};
