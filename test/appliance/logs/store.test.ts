import { createLogStore, normaliseEntry } from '../../../src/appliance/logs/store';
import { tempDb } from './helpers';

const make = (options: Partial<Parameters<typeof createLogStore>[1]> = {}) => {
  const { db } = tempDb();
  return {
    db,
    store: createLogStore(db, { retentionDays: 30, retentionCount: 1000, pruneIntervalMs: 0, ...options }),
  };
};

describe('log store', () => {
  it('appends with growing ids and reads back by range, services and after-id', () => {
    const { store } = make();
    const a = store.append({ service: 'dns', timestamp: 100, message: 'a' });
    const more = store.appendMany([
      { service: 'ssh', timestamp: 200, message: 'b' },
      { service: 'dns', timestamp: 300, message: 'c' },
      { service: 'auth', timestamp: 400, message: 'd' },
    ]);
    expect(a.id).toBe(1);
    expect(more.map((e) => e.id)).toEqual([2, 3, 4]);
    expect(store.query({ services: ['dns'] }).map((e) => e.message)).toEqual(['a', 'c']);
    expect(store.query({ from: 200, to: 300 }).map((e) => e.message)).toEqual(['b', 'c']);
    expect(store.query({ afterId: 2 }).map((e) => e.message)).toEqual(['c', 'd']);
    expect(store.query({ limit: 2, newest: true }).map((e) => e.message)).toEqual(['c', 'd']);
    expect(store.lastId()).toBe(4);
  });

  it("keeps each entry's severity; an entry that gives none is info", () => {
    const { store } = make();
    store.appendMany([
      { service: 'dns', timestamp: 100, message: 'failed', severity: 'error' },
      { service: 'ssh', timestamp: 200, message: 'plain' },
      { service: 'ssh', timestamp: 300, message: 'odd', severity: 'loud' as never },
    ]);
    expect(store.query().map((e) => [e.message, e.severity])).toEqual([
      ['failed', 'error'],
      ['plain', 'info'],
      ['odd', 'info'],
    ]);
  });

  it('keeps data across a reopen of the same file', () => {
    const { db, store } = make();
    store.append({ service: 'dns', timestamp: Date.now() / 1000, message: 'kept' });
    const again = createLogStore(db, { retentionDays: 30, retentionCount: 1000, pruneIntervalMs: 0 });
    expect(again.query().map((e) => e.message)).toEqual(['kept']);
  });

  it('tells subscribers about each appended batch and stops after unsubscribe', () => {
    const { store } = make();
    const seen: number[][] = [];
    const off = store.subscribe((entries) => seen.push(entries.map((e) => e.id)));
    store.appendMany([
      { service: 'dns', timestamp: 1, message: 'a' },
      { service: 'dns', timestamp: 1, message: 'b' },
    ]);
    off();
    store.append({ service: 'dns', timestamp: 1, message: 'c' });
    expect(seen).toEqual([[1, 2]]);
  });

  it('stores all of a batch or none of it', () => {
    const { store } = make();
    // Entries are normalised to text, so force a failure part-way with a broken entry object.
    const throwing = Object.defineProperty({ service: 'dns', timestamp: 1 }, 'message', {
      get() {
        throw new Error('broken');
      },
    }) as unknown as { service: string; timestamp: number; message: string };
    expect(() => store.appendMany([{ service: 'dns', timestamp: 1, message: 'ok' }, throwing])).toThrow(
      'broken',
    );
    expect(store.count()).toBe(0);
  });

  it('prunes by age and by count', () => {
    let now = 1_000_000;
    const { store } = make({ retentionDays: 1, retentionCount: 3, now: () => now });
    store.appendMany([
      { service: 'dns', timestamp: now - 2 * 86400, message: 'too old' },
      { service: 'dns', timestamp: now - 10, message: 'b' },
      { service: 'dns', timestamp: now - 9, message: 'c' },
      { service: 'dns', timestamp: now - 8, message: 'd' },
      { service: 'dns', timestamp: now - 7, message: 'e' },
    ]);
    expect(store.prune()).toBe(2);
    expect(store.query().map((e) => e.message)).toEqual(['c', 'd', 'e']);
    now += 86400;
    expect(store.prune()).toBe(3);
    expect(store.count()).toBe(0);
  });

  it('prunes by itself after every pruneEveryAppends entries', () => {
    const { store } = make({ retentionCount: 100, pruneEveryAppends: 50 });
    for (let i = 0; i < 4; i += 1)
      store.appendMany(
        Array.from({ length: 40 }, (_, j) => ({
          service: 'dns',
          timestamp: Date.now() / 1000,
          message: `${i}-${j}`,
        })),
      );
    expect(store.count()).toBeLessThanOrEqual(100 + 50);
    expect(store.query({ newest: true, limit: 1 })[0].message).toBe('3-39');
  });
});

describe('normaliseEntry', () => {
  it.each([
    [
      'a known service',
      { service: 'DNS', timestamp: 5, message: 'm' },
      { service: 'dns', timestamp: 5, message: 'm', severity: 'info' },
    ],
    [
      'an unknown service, kept in the message',
      { service: 'postfix', timestamp: 5, message: 'm' },
      { service: 'system', timestamp: 5, message: '[postfix] m', severity: 'info' },
    ],
    [
      'a missing timestamp',
      { service: 'dns', timestamp: NaN, message: 'm' },
      { service: 'dns', timestamp: 42, message: 'm', severity: 'info' },
    ],
    [
      'a negative timestamp',
      { service: 'dns', timestamp: -1, message: 'm' },
      { service: 'dns', timestamp: 42, message: 'm', severity: 'info' },
    ],
  ])('handles %s', (_name, input, expected) => {
    expect(normaliseEntry(input, 42)).toEqual(expected);
  });

  it('cuts an overlong message with a marker', () => {
    const out = normaliseEntry({ service: 'dns', timestamp: 1, message: 'x'.repeat(20_000) });
    expect(out.message).toHaveLength(8192);
    expect(out.message.endsWith(' […]')).toBe(true);
  });
});
