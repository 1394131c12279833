/**
 * Runs one model path (identityReplay.ts) through an identity screen: actor events answer the screen's pending
 * identity call, user events become the user's interaction, and after every step the screen's actor must be in the
 * state the bare machine predicts and the screen must show that state.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { EventObject } from 'xstate';
import type { IdentityActors } from '../../../src/app/pages/account/identity/useFlowImplementations';
import type { Inspect } from '../../../src/qa/inspect';
import { renderScreen } from '../../app/pages/account/support';
import { deferredActors, rootSnapshots, stepKind, type ReplayPath } from './identityReplay';

type User = ReturnType<typeof renderScreen>['user'];

export interface ScreenReplay {
  /** The screen, with the replay's actors and inspection. */
  render: (actors: IdentityActors, inspect: Inspect) => ReactElement;
  /** The page address for a path's input (query parameters the screen turns into the machine's input). */
  path: (input: Record<string, unknown>) => string;
  /**
   * Makes an actor's output (or a flow inside an error) one the screen can show and the user can fill; given the
   * actor event and the path's input.
   */
  shape: (output: unknown, event: EventObject, input: Record<string, unknown>) => unknown;
  /**
   * The machine's delayed transitions (the resend cooldown) run on Jest's fake timers: the test file turns them
   * on, the replay's user advances them, and a delayed event of the path is one timer period passing.
   */
  fakeTimers?: { periodMs: number };
  /**
   * What the user does for a user event; `unavailable` (after asserting the screen offers no way to do it) ends
   * the replay of the path there.
   */
  interact: (
    user: User,
    event: EventObject,
    context: Record<string, unknown>,
  ) => Promise<void | 'unavailable'>;
  /** What the user sees in a state (value and context of the predicted snapshot). */
  expectVisible: (value: unknown, context: Record<string, unknown>, seen: { loads: string[] }) => void;
  /** The parts of the context the machine's guards read and the screen shows, compared after every step. */
  key: (context: Record<string, unknown>) => unknown;
}

/** A path's steps as a test name (repeated steps counted). */
export function describePath(p: ReplayPath): string {
  const parts: string[] = [];
  let count = 0;
  p.steps.forEach((s, i) => {
    const kind = stepKind(s.event);
    const what =
      kind === 'done' || kind === 'error'
        ? `${kind} ${s.event.type.split('.').pop()}`
        : kind === 'delay'
          ? `after ${s.event.type.split('.')[2]}`
          : s.event.type;
    const part = `${what} ⇒ ${typeof s.value === 'string' ? s.value : JSON.stringify(s.value)}`;
    count++;
    const next = p.steps[i + 1];
    if (next && next.event.type === s.event.type && JSON.stringify(next.value) === JSON.stringify(s.value))
      return;
    parts.push(count > 1 ? `${part} ×${count}` : part);
    count = 0;
  });
  return [JSON.stringify(p.input), ...parts].join(', ');
}

/** The error of an identity failure with its flow body shaped, or as it is. */
function shapeError(error: unknown, shape: (o: unknown) => unknown): unknown {
  const e = error as { status?: number; body?: { ui?: unknown } } | null;
  if (e && typeof e === 'object' && 'status' in e && e.body && typeof e.body === 'object' && 'ui' in e.body)
    return { ...e, body: shape(e.body) };
  return error;
}

export async function replayPath(p: ReplayPath, replay: ScreenReplay) {
  const fake = deferredActors();
  const snapshots = rootSnapshots();
  const rendered = renderScreen(replay.render(fake.actors, snapshots.inspect), {
    path: replay.path(p.input),
  });
  const { loads } = rendered;
  const user = replay.fakeTimers
    ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    : rendered.user;
  const check = async (value: unknown, context: Record<string, unknown>, label: string) => {
    await waitFor(() => {
      const s = snapshots.current();
      expect({ at: label, value: s?.value, key: s && replay.key(s.context) }).toEqual({
        at: label,
        value,
        key: replay.key(context),
      });
    });
    expect(snapshots.current()?.status).not.toBe('error');
    replay.expectVisible(value, context, { loads });
  };
  await check(p.start.value, p.start.context, 'start');
  for (const [i, step] of p.steps.entries()) {
    const kind = stepKind(step.event);
    if (kind === 'done' || kind === 'error') {
      const shape = (o: unknown) => replay.shape(o, step.event, p.input);
      const event =
        kind === 'error'
          ? { ...step.event, error: shapeError((step.event as { error?: unknown }).error, shape) }
          : step.event;
      await act(async () => {
        fake.answer(event, shape);
      });
    } else if (kind === 'delay') {
      if (!replay.fakeTimers) throw new Error(`${step.event.type}: this replay runs on real timers`);
      // Less than a period passed since the timer started (a tick sooner would fail the previous check).
      const { periodMs } = replay.fakeTimers;
      await act(async () => {
        jest.advanceTimersByTime(periodMs);
      });
    } else {
      const before = fake.calls.length;
      const previous = i ? p.steps[i - 1].context : p.start.context;
      if ((await replay.interact(user, step.event, previous)) === 'unavailable')
        return { loads, calls: fake.calls, unavailable: step.event.type };
      // What the user submitted is what the machine's event carries.
      if (step.event.type === 'user.submit')
        await waitFor(() => {
          const values = (fake.calls[fake.calls.length - 1]?.input as { values?: unknown } | undefined)
            ?.values;
          if (step.value === 'submitting') {
            expect(fake.calls.length).toBe(before + 1);
            expect(values).toMatchObject((step.event as unknown as { values: object }).values);
          }
        });
    }
    await check(step.value, step.context, `step ${i + 1} ${step.event.type}`);
  }
  return { loads, calls: fake.calls, unavailable: null };
}

/** A button by its name, enabled (what the user can press). */
export async function press(user: User, name: string | RegExp) {
  const button = await screen.findByRole('button', { name });
  expect(button).toBeEnabled();
  await user.click(button);
}

/**
 * Fills a field (cleared first: a form keeps what was typed across answers that do not change it); a field the
 * screen does not show can only be left empty.
 */
export async function fill(user: User, label: string | RegExp, value: string | undefined) {
  const field = value ? screen.getByLabelText(label) : screen.queryByLabelText(label);
  if (!field) return;
  await user.clear(field);
  if (value) await user.type(field, value);
}
