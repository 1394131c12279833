/**
 * The in-page observer the browser benches share: installed with `addInitScript` before any page script, it keeps
 * every long task (buffered, from navigation start on) and the first contentful paint in `window.__bench`.
 */

declare global {
  interface Window {
    __bench: { tasks: Array<{ start: number; duration: number }>; fcp: number };
  }
}

/** Installed before any page script: buffered long tasks and paints from navigation start on. */
export function observePerformance() {
  window.__bench = { tasks: [], fcp: NaN };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__bench.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
}
