/** The state the server rendered with, read from its JSON script tag. */
import type { RootState } from '../store/createStore';

export const STATE_ELEMENT_ID = '__RAMPART_STATE__';

export function readServerState(doc: Document = document): Partial<RootState> {
  const el = doc.getElementById(STATE_ELEMENT_ID);
  if (!el?.textContent) return {};
  try {
    return JSON.parse(el.textContent) as Partial<RootState>;
  } catch {
    return {};
  }
}
