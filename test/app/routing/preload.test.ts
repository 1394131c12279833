import { createPreloadQueue, MAX_PARALLEL_PRELOADS } from '../../../src/app/routing/preload';

describe('route preload queue (spec §9: at most 4 in parallel)', () => {
  test('never runs more than 4 preloads at once and runs them all', async () => {
    expect(MAX_PARALLEL_PRELOADS).toBe(4);
    const q = createPreloadQueue();
    let active = 0;
    let peak = 0;
    let done = 0;
    const releases: Array<() => void> = [];
    for (let i = 0; i < 10; i++) {
      q.enqueue(`r${i}`, () => {
        active += 1;
        peak = Math.max(peak, active);
        return new Promise<void>((resolve) =>
          releases.push(() => {
            active -= 1;
            done += 1;
            resolve();
          }),
        );
      });
    }
    expect(q.running).toBe(4);
    expect(q.pending).toBe(6);
    while (releases.length) {
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(peak).toBe(4);
    expect(done).toBe(10);
  });

  test('a route is preloaded once, and a failing preload frees its slot', async () => {
    const q = createPreloadQueue(1);
    const job = jest.fn(() => Promise.reject(new Error('offline')));
    q.enqueue('a', job);
    q.enqueue('a', job);
    await new Promise((r) => setTimeout(r, 0));
    expect(job).toHaveBeenCalledTimes(1);
    const next = jest.fn(() => Promise.resolve());
    q.enqueue('b', next);
    expect(next).toHaveBeenCalled();
  });
});
