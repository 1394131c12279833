import { Type } from '@sinclair/typebox';
import { streamChannel, type EventSourceLike } from '../../src/api/eventSource';
import { stream, streamUrlOf } from '../../src/shared/contracts/stream';

class FakeSource implements EventSourceLike {
  readyState = 1;
  listeners = new Map<string, Array<(e: MessageEvent<string> | Event) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (e: MessageEvent<string> | Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.readyState = 2;
  }
  fire(type: string, data: string) {
    for (const l of this.listeners.get(type) ?? []) l({ type, data } as MessageEvent<string>);
  }
}

const ticks = stream({
  path: 'things/:id/stream',
  params: Type.Object({ id: Type.String() }),
  query: Type.Object({ level: Type.Optional(Type.String()) }),
  events: {
    tick: Type.Object({
      n: Type.Integer({ minimum: 0 }),
      tone: Type.Unsafe<'red' | 'green'>({ type: 'string', enum: ['red', 'green'] }),
      note: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
      items: Type.Array(Type.Object({ name: Type.String({ maxLength: 5 }) })),
    }),
    end: Type.Object({}),
  },
  summary: 'Ticks',
});

function open() {
  const sources: FakeSource[] = [];
  const channel = streamChannel<typeof ticks, string>(
    (url) => (sources.push(new FakeSource(url)), sources[0]),
    ticks,
    streamUrlOf(ticks, { id: 'a b' }, { level: 'x' }),
    {
      events: { tick: (d) => `tick ${d.n} ${d.tone} ${d.items.length}`, end: () => 'end' },
      refused: () => 'refused',
    },
  );
  const got: string[] = [];
  const drain = () => {
    for (let i = 0; i < 10; i++) channel.take((m) => got.push(String(m)));
  };
  return { source: sources[0], channel, got, drain };
}

const good = { n: 1, tone: 'red', note: null, items: [{ name: 'abc' }] };

describe('a declared stream as a channel', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('opens the URL the descriptor gives and passes on events that fit their schema', () => {
    const { source, channel, got, drain } = open();
    expect(source.url).toBe('/eos/things/a%20b/stream?level=x');
    source.fire('tick', JSON.stringify(good));
    source.fire('tick', JSON.stringify({ ...good, n: 2, note: 'text', tone: 'green' }));
    source.fire('end', '{}');
    drain();
    expect(got).toEqual(['tick 1 red 1', 'tick 2 green 1', 'end']);
    expect(warn).not.toHaveBeenCalled();
    channel.close();
  });

  it.each([
    ['not JSON', 'nope'],
    ['a missing field', JSON.stringify({ n: 1, tone: 'red', items: [] })],
    ['a wrong type', JSON.stringify({ ...good, n: 1.5 })],
    ['a value out of its enum', JSON.stringify({ ...good, tone: 'blue' })],
    ['a bad item in a list', JSON.stringify({ ...good, items: [{ name: 'too long' }] })],
    ['below its minimum', JSON.stringify({ ...good, n: -1 })],
    ['not an object', '[1]'],
  ])('drops an event with %s, reports it once and keeps going', (_name, data) => {
    const { source, channel, got, drain } = open();
    source.fire('tick', data);
    source.fire('tick', data);
    source.fire('tick', JSON.stringify(good));
    drain();
    expect(got).toEqual(['tick 1 red 1']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(
      /things\/:id\/stream: a "tick" event did not fit .* dropped/,
    );
    channel.close();
    expect(source.readyState).toBe(2);
  });
});
