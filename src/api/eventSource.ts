/**
 * The one browser EventSource adapter (server-sent events: the live log stream, appliance job progress). A stream
 * becomes a saga channel whose named events are parsed by the caller; the browser reconnects by itself after a
 * dropped connection, so only a refusal (the source ends up closed) is reported; closing the channel (the saga
 * ends, fails or is cancelled) closes the source. Tests and stories supply their own factory as the saga
 * context's `eventSource`.
 */
import { buffers, eventChannel, type Buffer, type EventChannel } from 'redux-saga';
import { getContext } from 'redux-saga/effects';

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
