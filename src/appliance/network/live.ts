/**
 * Live throughput for the network overview: while at least one client listens, the interface counters are read
 * every `intervalMs` and each client gets a `sample` event with the counters and the rates since the previous
 * reading. The same event goes to everyone (it carries nothing private: names, states and counters only).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startEventStream, type EventStream, type EventStreamOptions } from '../http/sse';
import { ratePerSecond, type InterfaceCounters } from './procNet';
import type { LiveSample } from '../../shared/contracts/network';

export type { LiveInterfaceSample, LiveSample } from '../../shared/contracts/network';

export interface LiveOptions {
  intervalMs: number;
  /** More listeners than this get 503: the overview is public, so one visitor must not exhaust the server. */
  maxClients: number;
  stream?: Partial<EventStreamOptions>;
}

export const LIVE_DEFAULTS: LiveOptions = { intervalMs: 1000, maxClients: 200 };

export interface LiveHub {
  /** Takes over the reply; false when the hub is full (the caller answers 503). */
  open(req: FastifyRequest, reply: FastifyReply): boolean;
  closeAll(): void;
  readonly clients: number;
}

export function sampleFrom(
  previous: { t: number; counters: InterfaceCounters[] } | null,
  t: number,
  counters: InterfaceCounters[],
): LiveSample {
  const before = new Map(previous?.counters.map((c) => [c.name, c]));
  const seconds = previous ? (t - previous.t) / 1000 : 0;
  return {
    t,
    interfaces: counters.map((c) => {
      const p = before.get(c.name);
      return {
        name: c.name,
        rxBytes: c.rxBytes,
        txBytes: c.txBytes,
        rxRate: p ? ratePerSecond(p.rxBytes, c.rxBytes, seconds) : null,
        txRate: p ? ratePerSecond(p.txBytes, c.txBytes, seconds) : null,
      };
    }),
  };
}

export function createLiveHub(
  read: () => InterfaceCounters[],
  overrides: Partial<LiveOptions> = {},
): LiveHub {
  const opts = { ...LIVE_DEFAULTS, ...overrides };
  const clients = new Set<EventStream>();
  let timer: NodeJS.Timeout | undefined;
  let previous: { t: number; counters: InterfaceCounters[] } | null = null;
  let last: LiveSample | null = null;

  const tick = () => {
    const t = Date.now();
    const counters = read();
    last = sampleFrom(previous, t, counters);
    previous = { t, counters };
    // Each sample replaces the last: a client still reading the previous one just skips this one.
    const data = JSON.stringify(last);
    for (const c of clients) if (!c.full) c.send('sample', data);
  };

  const stopIfIdle = () => {
    if (clients.size > 0 || !timer) return;
    clearInterval(timer);
    timer = undefined;
    previous = null;
  };

  return {
    get clients() {
      return clients.size;
    },
    open(req, reply) {
      if (clients.size >= opts.maxClients) return false;
      const stream: EventStream = startEventStream(req, reply, { retryMs: 2_000, ...opts.stream });
      stream.onClose(() => {
        clients.delete(stream);
        stopIfIdle();
      });
      clients.add(stream);
      if (!timer) {
        tick(); // the first reading (totals, no rates yet)
        timer = setInterval(tick, opts.intervalMs);
        timer.unref();
      } else if (last) stream.send('sample', JSON.stringify(last));
      return true;
    },
    closeAll() {
      for (const c of [...clients]) c.finish('end');
    },
  };
}
