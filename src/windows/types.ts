/** A window of the windows manager (spec §3 window). Content is looked up by `componentName` in the registry. */
export type WindowAspect = 'right' | 'iconized' | 'floating';

export interface WindowPosition {
  x: number;
  y: number;
}

export interface AppWindow {
  id: string;
  /** Registry key of the content component (the serialisable stand-in for §3 `component`). */
  componentName: string;
  title: string;
  icon?: string;
  /** Props for the content component (serialisable). */
  data?: Record<string, unknown>;
  aspect: WindowAspect;
  prefs: { allowIconization: boolean };
  isExtended: boolean;
  usesEventsStream: boolean;
  zIndex: number;
  position?: WindowPosition;
}

/** What a feature passes to open a window; the manager fills the rest. */
export type WindowSpec = Pick<AppWindow, 'id' | 'componentName' | 'title'> &
  Partial<Omit<AppWindow, 'id' | 'componentName' | 'title' | 'zIndex' | 'prefs'>> & {
    prefs?: Partial<AppWindow['prefs']>;
  };

/** §9 windows margin 10 px. */
export const WINDOWS_MARGIN_PX = 10;
/** §4 / §9 at most 4 windows using event streams (the browser's limit of parallel connections per host). */
export const MAX_EVENT_STREAM_WINDOWS = 4;
export const EVENT_STREAM_REFUSAL =
  'This window cannot be opened: the browser allows only a limited number of parallel connections. Close a live window first.';
