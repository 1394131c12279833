import { eventSourceChannel, type EventSourceLike } from '../../src/api/eventSource';

class FakeSource implements EventSourceLike {
  readyState = 1;
  listeners = new Map<string, Array<(e: MessageEvent<string> | Event) => void>>();
  addEventListener(type: string, l: (e: MessageEvent<string> | Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.readyState = 2;
  }
  fire(type: string, data?: string) {
    const e = data === undefined ? new Event(type) : ({ type, data } as MessageEvent<string>);
    for (const l of this.listeners.get(type) ?? []) l(e);
  }
}

function open() {
  const source = new FakeSource();
  const urls: string[] = [];
  const channel = eventSourceChannel<string>((url) => (urls.push(url), source), '/eos/x', {
    events: { tick: (d) => (d === 'bad' ? null : `tick ${d}`) },
    refused: () => 'refused',
  });
  const got: string[] = [];
  const take = () => channel.take((m) => got.push(String(m)));
  return { source, urls, channel, got, take };
}

describe('the one EventSource adapter', () => {
  it('parses named events, skips what the parser refuses, and closes the source with the channel', () => {
    const { source, urls, channel, got, take } = open();
    expect(urls).toEqual(['/eos/x']);
    source.fire('tick', '1');
    source.fire('tick', 'bad');
    source.fire('other', '2');
    take();
    take();
    expect(got).toEqual(['tick 1']);
    channel.close();
    expect(source.readyState).toBe(2);
  });

  it('reports a refusal (closed source) but not a reconnecting error', () => {
    const { source, got, take } = open();
    source.fire('error');
    take();
    expect(got).toEqual([]);
    source.readyState = 2;
    source.fire('error');
    expect(got).toEqual(['refused']);
  });
});
