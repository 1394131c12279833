/**
 * The network area's live throughput (src/appliance/network/live.ts): the overview's `sample` events. The network
 * preferences are in system.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { nullable } from './fields';
import { stream } from './stream';

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
