/**
 * Sagas that belong to one lazily loaded page start when that page's chunk loads, so their code stays out of the
 * first-load script. The browser entry hands over the store's runner; on the server no runner is set and nothing
 * starts (streams are browser-only). A feature starts once, whichever way its chunk was loaded.
 */
import type { Saga } from 'redux-saga';

type Runner = (saga: Saga) => unknown;

let runner: Runner | null = null;
const started = new Set<string>();
const waiting: Array<[string, Saga]> = [];

export function setFeatureSagaRunner(run: Runner) {
  runner = run;
  for (const [key, saga] of waiting.splice(0)) startFeatureSaga(key, saga);
}

export function startFeatureSaga(key: string, saga: Saga) {
  if (started.has(key)) return;
  if (!runner) {
    if (typeof window !== 'undefined' && !waiting.some(([k]) => k === key)) waiting.push([key, saga]);
    return;
  }
  started.add(key);
  runner(saga);
}

/** Forgets what was started (tests). */
export function resetFeatureSagas() {
  runner = null;
  started.clear();
  waiting.length = 0;
}
