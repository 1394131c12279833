/**
 * The `inspect` option of every actor the console creates, for the QA panel (src/qa/panel). Until inspection is
 * started (development, or the `qaPanel` setting) it does nothing and keeps nothing; once started, events wait
 * in a queue until the panel's lazy chunk connects its registry. Kept tiny: it is part of every page's first load.
 */
import type { InspectionEvent } from 'xstate';

let sink: ((e: InspectionEvent) => void) | undefined;
let queue: InspectionEvent[] | undefined;

export const inspect = (e: InspectionEvent) => (sink ? sink(e) : queue?.push(e));

/** From now on, actors are recorded (before the page hydrates, so its first actors are seen). */
export function startInspection() {
  queue ??= [];
}

/** The panel's registry takes over: the queued events first. */
export function connectInspector(next: (e: InspectionEvent) => void) {
  sink = next;
  queue?.forEach(next);
  queue = undefined;
}

/** What a screen accepts to report its actor's steps (a story hands its chart's). */
export type Inspect = (e: InspectionEvent) => void;
