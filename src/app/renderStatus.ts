/**
 * The HTTP status of a server render that the page decides while rendering: a detail route matches any well-formed
 * id, and only the page learns that the appliance does not know this one (its 404). The server render provides a
 * signal for its one render and answers the status reported to it; the browser provides none, so the hook does
 * nothing there.
 */
import { createContext, useContext } from 'react';

export class RenderStatus {
  /** The status a page reported (none: the router's answers). */
  status?: number;

  report(status: number) {
    this.status = status;
  }
}

export const RenderStatusContext = createContext<RenderStatus | null>(null);

/** The page rendered answers `status` when the server renders it. */
export function useRenderStatus(status: number) {
  // Reported while rendering: a server render runs no effects.
  useContext(RenderStatusContext)?.report(status);
}
