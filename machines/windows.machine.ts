/**
 * The windows manager (spec §4 windows). Pure transitions over the list of windows:
 * - a new right window iconizes any other right window; setting a window to right iconizes the existing one;
 * - an iconized window restores to right on click;
 * - closing the active window activates the one with the highest stacking order;
 * - minimising activates the top remaining non-iconized window;
 * - at most 4 windows using event streams: a fifth is refused and the machine emits `windows.refused` (the windows
 *   saga turns it into the notice).
 * The windows saga runs one actor of it for the page and mirrors its snapshots into the `windows` slice.
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import {
  MAX_EVENT_STREAM_WINDOWS,
  type AppWindow,
  type WindowAspect,
  type WindowPosition,
  type WindowSpec,
} from '../src/windows/types';

export interface WindowsContext {
  windows: AppWindow[];
  activeId: string | null;
  /** How many openings were refused since the page loaded (the notice itself is the emitted `windows.refused`). */
  refusals: number;
}

/** What the machine tells its host: an opening was refused (spec §4: the browser's maximum of event streams). */
export type WindowsEmitted = { type: 'windows.refused'; id: string };

export type WindowsEvent =
  | { type: 'window.open'; window: WindowSpec }
  | { type: 'window.close'; id: string }
  | { type: 'window.focus'; id: string }
  | { type: 'window.minimize'; id: string }
  | { type: 'window.restore'; id: string }
  | { type: 'window.setAspect'; id: string; aspect: WindowAspect }
  | { type: 'window.move'; id: string; position: WindowPosition }
  | { type: 'window.toggleExtended'; id: string }
  /** New title or content data of an open window (e.g. a live log following the page's filters). */
  | { type: 'window.update'; id: string; title?: string; data?: Record<string, unknown> };

const topZ = (ws: AppWindow[]) => ws.reduce((m, w) => Math.max(m, w.zIndex), 0);
const byZDesc = (ws: AppWindow[]) => [...ws].sort((a, b) => b.zIndex - a.zIndex);

/** Iconizes every right window except `id`. */
const iconizeOtherRight = (ws: AppWindow[], id: string) =>
  ws.map((w) => (w.id !== id && w.aspect === 'right' ? { ...w, aspect: 'iconized' as const } : w));

function raise(ctx: WindowsContext, id: string, patch: Partial<AppWindow> = {}): WindowsContext {
  const z = topZ(ctx.windows) + 1;
  let windows = ctx.windows.map((w) => (w.id === id ? { ...w, ...patch, zIndex: z } : w));
  if (patch.aspect === 'right') windows = iconizeOtherRight(windows, id);
  return { ...ctx, windows, activeId: id };
}

export const streamWindowCount = (ws: AppWindow[]) => ws.filter((w) => w.usesEventsStream).length;
const exists = (ctx: WindowsContext, id: string) => ctx.windows.some((w) => w.id === id);
const find = (ctx: WindowsContext, id: string) => ctx.windows.find((w) => w.id === id);

export const windowsMachine = setup({
  types: {
    context: {} as WindowsContext,
    events: {} as WindowsEvent,
  },
  guards: {
    alreadyOpen: ({ context, event }) => event.type === 'window.open' && exists(context, event.window.id),
    streamLimitReached: ({ context, event }) =>
      event.type === 'window.open' &&
      !!event.window.usesEventsStream &&
      streamWindowCount(context.windows) >= MAX_EVENT_STREAM_WINDOWS,
    isLast: ({ context, event }) =>
      event.type === 'window.close' && context.windows.length === 1 && context.windows[0].id === event.id,
    known: ({ context, event }) => 'id' in event && exists(context, event.id),
    canIconize: ({ context, event }) => 'id' in event && !!find(context, event.id)?.prefs.allowIconization,
    knownToRight: ({ context, event }) =>
      event.type === 'window.setAspect' && event.aspect === 'right' && exists(context, event.id),
    knownToFloating: ({ context, event }) =>
      event.type === 'window.setAspect' && event.aspect === 'floating' && exists(context, event.id),
    isIconized: ({ context, event }) => 'id' in event && find(context, event.id)?.aspect === 'iconized',
  },
  actions: {
    add: assign(({ context, event }) => {
      assertEvent(event, 'window.open');
      const spec = event.window;
      const aspect: WindowAspect = spec.aspect ?? 'right';
      const win: AppWindow = {
        icon: undefined,
        data: undefined,
        position: undefined,
        ...spec,
        aspect,
        prefs: { allowIconization: spec.prefs?.allowIconization ?? true },
        isExtended: spec.isExtended ?? false,
        usesEventsStream: spec.usesEventsStream ?? false,
        zIndex: topZ(context.windows) + 1,
      };
      const others = aspect === 'right' ? iconizeOtherRight(context.windows, win.id) : context.windows;
      return { windows: [...others, win], activeId: win.id };
    }),
    countRefusal: assign({ refusals: ({ context }) => context.refusals + 1 }),
    announceRefusal: emit(({ event }): WindowsEmitted => {
      assertEvent(event, 'window.open');
      return { type: 'windows.refused', id: event.window.id };
    }),
    focusExisting: assign(({ context, event }) => {
      assertEvent(event, 'window.open');
      const w = find(context, event.window.id)!;
      return raise(context, w.id, w.aspect === 'iconized' ? { aspect: 'right' } : {});
    }),
    remove: assign(({ context, event }) => {
      assertEvent(event, 'window.close');
      const windows = context.windows.filter((w) => w.id !== event.id);
      if (context.activeId !== event.id) return { windows };
      // Closing the active window activates the highest stacking order.
      return { windows, activeId: byZDesc(windows)[0]?.id ?? null };
    }),
    focus: assign(({ context, event }) => ('id' in event ? raise(context, event.id) : {})),
    minimize: assign(({ context, event }) => {
      assertEvent(event, ['window.minimize', 'window.setAspect']);
      const windows = context.windows.map((w) =>
        w.id === event.id ? { ...w, aspect: 'iconized' as const } : w,
      );
      if (context.activeId !== event.id) return { windows };
      // Minimising activates the top remaining non-iconized window.
      const next = byZDesc(windows).find((w) => w.aspect !== 'iconized');
      return { windows, activeId: next?.id ?? null };
    }),
    toRight: assign(({ context, event }) =>
      'id' in event ? raise(context, event.id, { aspect: 'right' }) : {},
    ),
    toFloating: assign(({ context, event }) =>
      'id' in event ? raise(context, event.id, { aspect: 'floating' }) : {},
    ),
    move: assign(({ context, event }) => {
      assertEvent(event, 'window.move');
      return {
        windows: context.windows.map((w) => (w.id === event.id ? { ...w, position: event.position } : w)),
      };
    }),
    update: assign(({ context, event }) => {
      assertEvent(event, 'window.update');
      return {
        windows: context.windows.map((w) =>
          w.id === event.id
            ? {
                ...w,
                ...(event.title !== undefined ? { title: event.title } : {}),
                ...(event.data ? { data: event.data } : {}),
              }
            : w,
        ),
      };
    }),
    toggleExtended: assign(({ context, event }) => {
      assertEvent(event, 'window.toggleExtended');
      return {
        windows: context.windows.map((w) => (w.id === event.id ? { ...w, isExtended: !w.isExtended } : w)),
      };
    }),
  },
}).createMachine({
  id: 'windows',
  context: { windows: [], activeId: null, refusals: 0 },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'window.open': { target: 'open', actions: 'add' },
      },
    },
    open: {
      on: {
        'window.open': [
          { guard: 'alreadyOpen', actions: 'focusExisting' },
          { guard: 'streamLimitReached', actions: ['countRefusal', 'announceRefusal'] },
          { actions: 'add' },
        ],
        'window.close': [
          { guard: 'isLast', target: 'empty', actions: 'remove' },
          { guard: 'known', actions: 'remove' },
        ],
        'window.focus': { guard: 'known', actions: 'focus' },
        'window.minimize': { guard: 'canIconize', actions: 'minimize' },
        // Clicking an iconized window restores it to the right column.
        'window.restore': { guard: 'isIconized', actions: 'toRight' },
        'window.setAspect': [
          { guard: 'knownToRight', actions: 'toRight' },
          { guard: 'knownToFloating', actions: 'toFloating' },
          { guard: 'canIconize', actions: 'minimize' },
        ],
        'window.move': { guard: 'known', actions: 'move' },
        'window.toggleExtended': { guard: 'known', actions: 'toggleExtended' },
        'window.update': { guard: 'known', actions: 'update' },
      },
    },
  },
});
