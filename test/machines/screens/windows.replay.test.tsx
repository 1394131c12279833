/** @jest-environment jsdom */
/**
 * The windows machine's model paths replayed through the windows hub, hosted as in the console by the windows saga:
 * the user closes, minimises, restores, floats, docks, widens, focuses and moves windows with the frames' buttons,
 * the dock and the keyboard.
 *
 * `window.open` has no user-visible way on the hub itself (pages and the command palette open windows): it is sent
 * as they send it, with the `openWindow` action; `window.update` likewise comes from a window's own content (the live
 * log following the page's filters) and is sent with `updateWindow`. `setAspect iconized` is the hub's Minimise, which sends
 * `window.minimize`: the machine takes both to the same state. Events the hub offers no way to do in the state
 * reached (closing, focusing or moving an iconized window, docking a docked one, focusing the active one) are tried
 * as the closest thing the user can do; the hub must offer nothing (or send nothing) and the actor must stay; such a
 * path ends there.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { EventObject } from 'xstate';
import { windowsMachine, type WindowsContext } from '../../../machines/windows.machine';
import { windowsSaga } from '../../../sagas/windows.saga';
import { registerWindowContent } from '../../../src/windows/registry';
import { EVENT_STREAM_REFUSAL, type WindowSpec } from '../../../src/windows/types';
import { openWindow, updateWindow } from '../../../src/store/slices/windows.slice';
import { WindowsHub } from '../../../src/windows/WindowsHub';
import { fakeApi, makeTestStore } from '../../sagas/fakes';
import type { GraphState } from '../support/coverage';
import { machineModel } from '../support/models';
import { actorProbe, pathTitle, replay, replayPaths, untakenTransitions } from '../support/replay';

registerWindowContent('Demo', ({ windowId }) => <p>Demo {windowId}</p>);

const model = machineModel('windows');
const paths = replayPaths(model);

type WindowEvent = EventObject & { id?: string; aspect?: string; window?: WindowSpec };

describe('windows machine replayed through the windows hub', () => {
  it(`replays ${paths.length} model paths, which take every transition`, () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(untakenTransitions(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [pathTitle(windowsMachine, p), p] as const))('%s', async (_title, path) => {
    const probe = actorProbe('windows');
    const store = makeTestStore({ api: fakeApi({}).api, context: { inspect: probe.inspect } });
    store.runSaga(windowsSaga);
    const user = userEvent.setup();
    const { unmount } = render(
      <Provider store={store}>
        <div className="core-layout__body">
          <WindowsHub />
        </div>
      </Provider>,
    );
    const aspectOf = (ctx: unknown, id: string) =>
      (ctx as WindowsContext).windows.find((w) => w.id === id)?.aspect ?? null;
    const frame = (id: string) => screen.queryByRole('dialog', { name: id });

    await replay(windowsMachine, path, {
      probe,
      answer: async () => {
        throw new Error('the windows machine invokes no actor');
      },
      unreachable: (event, before) => {
        const e = event as WindowEvent;
        if (e.type === 'window.open' || e.type === 'window.update') return null;
        const aspect = aspectOf(before.context, e.id!);
        const active = (before.context as WindowsContext).activeId === e.id;
        if (e.type === 'window.restore') return aspect === 'iconized' ? null : 'only the dock restores';
        if (aspect === 'iconized') return 'an iconized window has no frame, only its dock button';
        if (e.type === 'window.setAspect' && e.aspect === aspect) return `the window is ${aspect} already`;
        if (e.type === 'window.move' && aspect !== 'floating') return 'only a floating window moves';
        if (e.type === 'window.focus' && active) return 'the active window is focused already';
        return null;
      },
      refuse: async (event, before) => {
        const e = event as WindowEvent;
        const aspect = aspectOf(before.context, e.id!);
        const title = e.id!;
        // The hub offers no control for it.
        if (e.type === 'window.restore')
          expect(screen.queryByRole('button', { name: `Restore ${title}` })).toBeNull();
        else if (aspect === 'iconized') expect(frame(title)).toBeNull();
        else if (e.type === 'window.setAspect')
          expect(
            screen.queryByRole('button', {
              name: e.aspect === 'right' ? `Dock ${title} on the right` : `Float ${title}`,
            }),
          ).toBeNull();
        else if (e.type === 'window.move')
          expect(screen.queryByRole('button', { name: `Move ${title} with the arrow keys` })).toBeNull();
        else if (e.type === 'window.focus') {
          // Focusing the active window again sends nothing.
          await user.click(within(frame(title)!).getByText(`Demo ${title}`));
        }
      },
      act: async (event: EventObject, before) => {
        const e = event as WindowEvent;
        const id = e.id!;
        if (e.type === 'window.open') act(() => void store.dispatch(openWindow(e.window!)));
        else if (e.type === 'window.update')
          act(
            () =>
              void store.dispatch(updateWindow(id, { data: (e as { data?: Record<string, unknown> }).data })),
          );
        else if (e.type === 'window.close')
          await user.click(screen.getByRole('button', { name: `Close ${id}` }));
        else if (e.type === 'window.minimize')
          await user.click(screen.getByRole('button', { name: `Minimise ${id}` }));
        else if (e.type === 'window.restore')
          await user.click(screen.getByRole('button', { name: `Restore ${id}` }));
        else if (e.type === 'window.setAspect' && e.aspect === 'iconized')
          // The hub's Minimise sends `window.minimize`, which the machine takes to the same state.
          await user.click(screen.getByRole('button', { name: `Minimise ${id}` }));
        else if (e.type === 'window.setAspect')
          await user.click(
            screen.getByRole('button', {
              name: e.aspect === 'right' ? `Dock ${id} on the right` : `Float ${id}`,
            }),
          );
        else if (e.type === 'window.toggleExtended')
          await user.click(
            screen.getByRole('button', {
              name: (before.context as WindowsContext).windows.find((w) => w.id === id)!.isExtended
                ? `Narrow ${id}`
                : `Widen ${id}`,
            }),
          );
        else if (e.type === 'window.focus') await user.click(within(frame(id)!).getByText(`Demo ${id}`));
        else if (e.type === 'window.move') {
          screen.getByRole('banner', { name: `Move ${id} with the arrow keys` }).focus();
          await user.keyboard('{ArrowRight}');
        } else throw new Error(`no way to do ${e.type} in the windows hub`);
      },
      see: (state: GraphState) => {
        const ctx = state.context as WindowsContext;
        // The hosted actor holds the same windows, aspects and active window as the graph's state (the model's state
        // key does not tell the order of opening: the graph's state may have been reached in another order).
        const actual = probe.snapshot().context as WindowsContext;
        const shape = (c: WindowsContext) => ({
          windows: c.windows.map((w) => [w.id, w.aspect, w.isExtended]).sort(),
          activeId: c.activeId,
          refusals: c.refusals,
        });
        expect(shape(actual)).toEqual(shape(ctx));
        const column = screen.queryByRole('complementary', { name: 'Side window' });
        for (const w of ctx.windows) {
          if (w.aspect === 'iconized') {
            expect(frame(w.id)).toBeNull();
            expect(screen.getByRole('button', { name: `Restore ${w.id}` })).toBeInTheDocument();
          } else {
            const f = frame(w.id)!;
            expect(f).not.toBeNull();
            expect(column?.contains(f) ?? false).toBe(w.aspect === 'right');
            expect(f).toHaveClass(`window--${w.aspect}`);
            if (w.id === ctx.activeId) expect(f).toHaveClass('window--active');
          }
        }
        expect(screen.queryAllByRole('dialog')).toHaveLength(
          ctx.windows.filter((w) => w.aspect !== 'iconized').length,
        );
        // A refused opening is a notice (the fifth event-stream window).
        const notices = store
          .getState()
          .notifications.toasts.filter((t) => t.message === EVENT_STREAM_REFUSAL);
        expect(notices).toHaveLength(ctx.refusals);
      },
    });
    unmount();
  });
});
