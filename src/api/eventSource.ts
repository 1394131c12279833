/**
 * The one browser EventSource adapter (server-sent events: the live log stream, appliance job progress). A stream
 * becomes a saga channel whose named events are parsed by the caller; the browser reconnects by itself after a
 * dropped connection, so only a refusal (the source ends up closed) is reported; closing the channel (the saga
 * ends, fails or is cancelled) closes the source. Tests and stories supply their own factory as the saga
 * context's `eventSource`.
 */
import { buffers, eventChannel, type Buffer, type EventChannel } from 'redux-saga';
import { getContext } from 'redux-saga/effects';
import { checkerOf, type Checker } from '../shared/contracts/check';
import type { AnyStream, EventDataOf, StreamShape } from '../shared/contracts/stream';
import { logger } from '../lib/logger';

/** What a saga channel may carry (anything but undefined, which ends a take). */
type NotUndefined = NonNullable<unknown> | null;

/** The part of `EventSource` the sagas use. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string> | Event) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/** `EventSource.CLOSED`: the browser gave up (a refusal), it will not reconnect. */
export const EVENT_SOURCE_CLOSED = 2;

/** The browser's EventSource, with the page's cookies (same-origin streams need the session). */
export const browserEventSource: EventSourceFactory = (url) =>
  new EventSource(url, { withCredentials: true });

export interface StreamHandlers<T extends NotUndefined> {
  /** Named events → a message for the saga, or null to ignore the event (e.g. malformed data). */
  events: Record<string, (data: string) => T | null>;
  /** The message for a refused stream. */
  refused: () => T;
  buffer?: Buffer<T>;
}

/** One stream as a saga channel. */
export function eventSourceChannel<T extends NotUndefined>(
  factory: EventSourceFactory,
  url: string,
  { events, refused, buffer = buffers.expanding<T>(16) }: StreamHandlers<T>,
): EventChannel<T> {
  return eventChannel<T>((emit) => {
    const source = factory(url);
    for (const [type, parse] of Object.entries(events))
      source.addEventListener(type, (event) => {
        const message = parse(String((event as MessageEvent<string>).data ?? ''));
        if (message !== null) emit(message);
      });
    source.addEventListener('error', () => {
      if (source.readyState === EVENT_SOURCE_CLOSED) emit(refused());
    });
    return () => source.close();
  }, buffer);
}

/** The saga context's factory (tests, stories), else the browser's EventSource. */
export function* eventSourceFactory() {
  const factory: EventSourceFactory | undefined = yield getContext('eventSource');
  return factory ?? browserEventSource;
}

/** Each declared event of `S` → a message for the saga from its (checked) data, or null to ignore it. */
export type StreamEventHandlers<S extends StreamShape, T> = {
  [K in keyof S['events'] & string]?: (data: EventDataOf<S, K>) => T | null;
};

const checkers = new WeakMap<AnyStream, Record<string, Checker>>();

/** The stream's checks, made once per descriptor (not per event, nor per opened stream). */
function checksOf(s: AnyStream): Record<string, Checker> {
  let checks = checkers.get(s);
  if (!checks) {
    checks = Object.fromEntries(Object.entries(s.events).map(([name, schema]) => [name, checkerOf(schema)]));
    checkers.set(s, checks);
  }
  return checks;
}

/**
 * One declared stream (src/shared/contracts/stream.ts) as a saga channel: every event's data is parsed and checked
 * against the event's schema before its handler sees it. Data that is not JSON or does not fit is dropped and
 * reported once per stream (a console warning naming the stream, the event and what did not fit): a console
 * newer or older than its appliance degrades to missing updates, never to a broken page.
 */
export function streamChannel<S extends AnyStream, T extends NotUndefined>(
  factory: EventSourceFactory,
  s: S,
  url: string,
  { events, ...rest }: Omit<StreamHandlers<T>, 'events'> & { events: StreamEventHandlers<S, T> },
): EventChannel<T> {
  const checks = checksOf(s);
  let reported = false;
  const report = (event: string, why: string) => {
    if (reported) return;
    reported = true;
    logger.warn(`${s.path}: a "${event}" event did not fit its contract and was dropped (${why})`);
  };
  const parsers: Record<string, (data: string) => T | null> = {};
  for (const [name, handle] of Object.entries(events) as Array<[string, (data: unknown) => T | null]>)
    parsers[name] = (data) => {
      let value: unknown;
      try {
        value = JSON.parse(data);
      } catch {
        report(name, 'not JSON');
        return null;
      }
      const why = checks[name] ? checks[name](value) : 'not a declared event';
      if (why) {
        report(name, why);
        return null;
      }
      return handle(value);
    };
  return eventSourceChannel<T>(factory, url, { ...rest, events: parsers });
}
