/**
 * Replays the model-based paths of the identity flow machines (replayPaths, as paths.model.test.ts runs them on
 * bare actors) through the screens they drive: actor events answer the screen's pending identity call, user events
 * become the user's interaction, and after every step the screen's actor must be in the state the bare machine
 * predicts and the screen must show that state.
 */
import type { UiNode } from '@ory/client-fetch';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { fromPromise, type EventObject } from 'xstate';
import type { FlowErrorContainer } from '../../../machines/flowError.machine';
import type { LoadFlowInput, SubmitFlowInput } from '../../../machines/flowForm.machine';
import type { IdentityActors } from '../../../src/app/pages/account/identity/useFlowImplementations';
import type { IdentityFlow, SubmitResult } from '../../../src/identity/flow';
import type { Inspect } from '../../../src/qa/inspect';
import { renderScreen } from '../../app/pages/account/support';
import type { GraphState } from './coverage';
import { actorProbe, PendingCalls, stepKind, type ReplayPath } from './replay';

/** A path of an identity flow machine: its input is the model's, an object of the screen's parameters. */
export type FlowPath = ReplayPath<Record<string, unknown>>;

/** Identity actors whose calls wait in `pending` until the replay answers them. */
export function identityActors(pending: PendingCalls): IdentityActors {
  const waiting = <O, I>(src: keyof IdentityActors) =>
    fromPromise<O, I>(({ input }) => pending.wait<O>(src, input));
  return {
    loadFlow: waiting<IdentityFlow, LoadFlowInput>('loadFlow'),
    submitFlow: waiting<SubmitResult, SubmitFlowInput>('submitFlow'),
    createLogout: waiting<{ logout_url: string }, { returnTo?: string }>('createLogout'),
    loadFlowError: waiting<FlowErrorContainer, { id: string }>('loadFlowError'),
  };
}

const input = (name: string, type: string, group: string, label: string, extra: object = {}): UiNode =>
  ({
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, disabled: false, ...extra },
    messages: [],
    meta: { label: { id: 0, text: label, type: 'info' } },
  }) as unknown as UiNode;

/** The fields and buttons replays fill and press (labels as the screens show them), in a group of the flow. */
export const replayNodes = {
  email: (group = 'code') => input('email', 'email', group, 'E-mail'),
  code: (group = 'code') => input('code', 'text', group, 'Code'),
  totp: () => input('totp_code', 'text', 'totp', 'Authenticator code'),
  send: (group = 'code') => input('method', 'submit', group, 'Send', { value: 'code' }),
  totpSave: () => input('method', 'submit', 'totp', 'Save authenticator', { value: 'totp' }),
};

const nameOf = (n: UiNode) => (n.attributes as { name?: string }).name;

/**
 * The model's flows carry only what the machines' guards read (their state and a few named nodes); a screen needs
 * fields to fill. The nodes given are added after the flow's own, unless the flow has a node of that name: the
 * guards reading nodes see the same ones.
 */
export function withFields(flow: IdentityFlow, nodes: UiNode[]): IdentityFlow {
  const own = new Set(flow.ui.nodes.map(nameOf));
  // Several submit buttons named `method` (one per group) may be added; the flow's own are kept as they are.
  const added = nodes.filter((n) => !own.has(nameOf(n)));
  return { ...flow, ui: { ...flow.ui, nodes: [...flow.ui.nodes, ...added] } };
}

/**
 * Shapes what an identity actor answers for a screen: a loaded flow, the flow of a submit's answer and the flow in
 * an error's body get the nodes; completions are kept as they are.
 */
export function shapeFlows(nodes: () => UiNode[]) {
  return (o: unknown): unknown => {
    const r = o as { ui?: unknown; type?: string; flow?: IdentityFlow };
    if (r && typeof r === 'object' && 'ui' in r) return withFields(o as IdentityFlow, nodes());
    if (r && typeof r === 'object' && r.type === 'flow' && r.flow)
      return { ...r, flow: withFields(r.flow, nodes()) };
    return o;
  };
}

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
export function describePath(p: FlowPath): string {
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
    const { value } = s.state;
    const part = `${what} ⇒ ${typeof value === 'string' ? value : JSON.stringify(value)}`;
    count++;
    const next = p.steps[i + 1];
    if (
      next &&
      next.event.type === s.event.type &&
      JSON.stringify(next.state.value) === JSON.stringify(value)
    )
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

export async function replayPath(p: FlowPath, replay: ScreenReplay) {
  const pending = new PendingCalls();
  const probe = actorProbe();
  const rendered = renderScreen(replay.render(identityActors(pending), probe.inspect), {
    path: replay.path(p.input),
  });
  const { loads } = rendered;
  const { calls } = pending;
  const user = replay.fakeTimers
    ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    : rendered.user;
  const check = async (state: GraphState, label: string) => {
    const context = state.context as Record<string, unknown>;
    await waitFor(() => {
      const s = probe.current();
      expect({
        at: label,
        value: s?.value,
        key: s && replay.key(s.context as Record<string, unknown>),
      }).toEqual({
        at: label,
        value: state.value,
        key: replay.key(context),
      });
    });
    expect(probe.current()?.status).not.toBe('error');
    replay.expectVisible(state.value, context, { loads });
  };
  await check(p.start, 'start');
  for (const [i, step] of p.steps.entries()) {
    const kind = stepKind(step.event);
    if (kind === 'done' || kind === 'error') {
      const shape = (o: unknown) => replay.shape(o, step.event, p.input);
      const { output, error } = step.event as { output?: unknown; error?: unknown };
      // The machine invokes one identity actor at a time: the one call under way gets the path's answer.
      await act(async () => {
        pending.settleOnly(
          kind === 'done' ? { resolve: shape(output) } : { reject: shapeError(error, shape) },
        );
      });
    } else if (kind === 'delay') {
      if (!replay.fakeTimers) throw new Error(`${step.event.type}: this replay runs on real timers`);
      // Less than a period passed since the timer started (a tick sooner would fail the previous check).
      const { periodMs } = replay.fakeTimers;
      await act(async () => {
        jest.advanceTimersByTime(periodMs);
      });
    } else {
      const before = calls.length;
      const previous = (i ? p.steps[i - 1].state : p.start).context as Record<string, unknown>;
      if ((await replay.interact(user, step.event, previous)) === 'unavailable')
        return { loads, calls, unavailable: step.event.type };
      // What the user submitted is what the machine's event carries.
      if (step.event.type === 'user.submit')
        await waitFor(() => {
          const values = (calls[calls.length - 1]?.input as { values?: unknown } | undefined)?.values;
          if (step.state.value === 'submitting') {
            expect(calls.length).toBe(before + 1);
            expect(values).toMatchObject((step.event as unknown as { values: object }).values);
          }
        });
    }
    await check(step.state, `step ${i + 1} ${step.event.type}`);
  }
  return { loads, calls, unavailable: null };
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
