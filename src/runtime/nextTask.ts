/**
 * Yields to the browser: what follows runs in a new task, so input and paint can happen in between. Start-up is cut
 * into such steps to keep every main-thread task of a page load short (the page-load budget is no task over 50 ms).
 * `scheduler.yield()` resumes ahead of other queued work where the browser has it; a zero timeout elsewhere.
 */
interface YieldingScheduler {
  yield?: () => Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
