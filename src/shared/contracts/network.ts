/**
 * The network area's live throughput (src/appliance/network/live.ts): the overview's `sample` events. The network
 * preferences are in system.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { nullable } from './fields';
import { endpoint } from './endpoint';
import { stream } from './stream';
import * as routes from './routes';

const bytes = (description: string) => Type.Number({ minimum: 0, description });

export const liveInterfaceSample = Type.Object({
  name: Type.String({ description: 'The interface’s name (`eth0`).' }),
  rxBytes: bytes('Bytes received since the interface came up.'),
  txBytes: bytes('Bytes sent since the interface came up.'),
  rxRate: nullable(Type.Number({ minimum: 0 }), {
    description: 'Bytes per second received since the previous sample; null on the first or after a reset.',
  }),
  txRate: nullable(Type.Number({ minimum: 0 }), {
    description: 'Bytes per second sent since the previous sample; null on the first or after a reset.',
  }),
});
export type LiveInterfaceSample = Static<typeof liveInterfaceSample>;

export const liveSample = Type.Object(
  {
    t: Type.Number({ description: 'When it was read (milliseconds since the epoch).' }),
    interfaces: Type.Array(liveInterfaceSample),
  },
  { description: 'The interfaces’ counters and rates, every second while someone listens.' },
);
export type LiveSample = Static<typeof liveSample>;

/** `GET /eos/network/stream` (public: names and counters only; 503 past the listener limit). */
export const throughputStream = stream({
  path: 'network/stream',
  events: {
    sample: liveSample,
    end: Type.Object({}, { description: 'The console is stopping; nothing more comes.' }),
    reconnect: Type.Object({}, { description: 'Come back later (a slow client).' }),
  },
  summary: 'Follow the network interfaces’ throughput, one sample a second',
});

// ---------------------------------------------------------------------------------------------------------------
// Interfaces, recorded samples and the system status (src/appliance/network/routes.ts)

const count = Type.Integer({ minimum: 0 });

export const networkInterface = Type.Object({
  name: Type.String(),
  rxBytes: bytes('Bytes received since the interface came up.'),
  rxPackets: count,
  rxErrors: count,
  rxDropped: count,
  txBytes: bytes('Bytes sent since the interface came up.'),
  txPackets: count,
  txErrors: count,
  txDropped: count,
  state: Type.String({ description: '`up`, `down`, `unknown` (the kernel’s operstate).' }),
  mtu: nullable(Type.Integer()),
  speedMbps: nullable(Type.Number(), {
    description: 'Link speed in Mbit/s; null where the driver does not say.',
  }),
  mac: Type.Optional(nullable(Type.String(), { description: 'Signed-in callers only.' })),
  loopback: Type.Boolean(),
  addresses: Type.Optional(
    Type.Array(
      Type.Object({
        address: Type.String(),
        family: Type.Union([Type.Literal('IPv4'), Type.Literal('IPv6')]),
        prefix: nullable(Type.Integer(), { description: 'CIDR prefix length.' }),
      }),
      { description: 'Signed-in callers only.' },
    ),
  ),
});

export const getInterfaces = endpoint({
  ...routes.getInterfaces,
  response: Type.Object({
    signed_in: Type.Boolean({
      description: 'Whether the caller is signed in (MAC and addresses are then shown).',
    }),
    data: Type.Array(networkInterface),
  }),
  summary: 'The network interfaces and their counters (public: without MAC and addresses)',
});

const seconds = Type.String({ pattern: '^\\d{1,11}$' });

export const getSamples = endpoint({
  ...routes.getSamples,
  query: Type.Object(
    {
      from: Type.Optional(seconds),
      to: Type.Optional(seconds),
      interface: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.:@-]{1,15}$' })),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({
    interval_seconds: Type.Number(),
    retention_days: Type.Number(),
    from: Type.Integer(),
    to: Type.Integer(),
    interfaces: Type.Array(Type.String(), { description: 'The interfaces with recorded samples.' }),
    series: Type.Array(
      Type.Object({
        interface: Type.String(),
        points: Type.Array(
          Type.Object({
            t: Type.Integer({ description: 'Seconds since the epoch (end of the interval).' }),
            rx: Type.Number({ description: 'Bytes per second received over the interval.' }),
            tx: Type.Number({ description: 'Bytes per second sent over the interval.' }),
          }),
        ),
        rxTotal: Type.Number(),
        txTotal: Type.Number(),
      }),
    ),
  }),
  summary: 'Recorded throughput per interface between two times (seconds; the last day by default)',
});

export const getSystemStatus = endpoint({
  ...routes.getSystemStatus,
  response: Type.Object({
    cpu_percent: nullable(Type.Number()),
    load: Type.Array(Type.Number(), { minItems: 3, maxItems: 3 }),
    memory: Type.Object({ totalBytes: Type.Number(), freeBytes: Type.Number() }),
    disk: nullable(Type.Object({ path: Type.String(), totalBytes: Type.Number(), freeBytes: Type.Number() })),
    uptime_seconds: Type.Number(),
    appliance_version: Type.String(),
    running_jobs: Type.Integer({ minimum: 0 }),
    services: Type.Array(
      Type.Object({
        name: Type.String(),
        state: Type.Union([Type.Literal('running'), Type.Literal('off')]),
        detail: Type.String(),
      }),
    ),
    recent_events: Type.Union(
      [
        Type.Array(
          Type.Object({
            id: Type.Integer(),
            service: Type.String(),
            timestamp: Type.Number(),
            message: Type.String(),
          }),
        ),
        Type.Null(),
      ],
      { description: 'Recent warnings and errors; null for an account that may not read the logs.' },
    ),
  }),
  summary: 'The host’s load, memory, disk, uptime, running jobs, services and recent warnings',
});
