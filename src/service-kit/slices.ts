/**
 * Long synchronous work cut into slices: a loop calls `await slices.tick()` between small steps, and once the current
 * slice has run `sliceMs` the event loop gets its turn (`setImmediate`) before the next one starts, so every other
 * request keeps its answer time while a large document is planned or an answer written.
 */
export const SLICE_MS = 8;

export class Slices {
  private started = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Yields to the event loop when the current slice is used up; otherwise resolves at once. */
  tick(): Promise<void> | undefined {
    if (performance.now() - this.started < this.sliceMs) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.started = performance.now();
        resolve();
      }),
    );
  }
}
