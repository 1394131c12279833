/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The verification machine's model paths replayed through the verification screen it drives (issue 18): without
 * a prefill and with a code in the address (?code=, submitted as soon as a flow with a code field loads). The resend
 * cooldown makes some 4,000 shortest paths, so the set that together takes every transition the machine declares is
 * replayed (replayPaths' covering set), the cooldown's ticks on fake timers.
 */
import type { UiNode } from '@ory/client-fetch';
import { screen } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { VerificationScreen } from '../../../src/app/pages/account/identity/IdentityScreens';
import type { IdentityFlow } from '../../../src/identity/flow';
import {
  describePath,
  press,
  replayNodes,
  replayPath,
  shapeFlows,
  type FlowPath,
  type ScreenReplay,
} from '../support/identityScreenReplay';
import { machineModel } from '../support/models';
import { replayPaths, shortestReplayPaths, stepKind } from '../support/replay';
import { expectFlowBody, flowKey, submitCodeForm } from './flowScreens';

const prefilled = (input: Record<string, unknown>) =>
  Boolean((input.prefill as { code?: string } | undefined)?.code);
const isLoad = (event: EventObject) => stepKind(event) === 'done' && event.type.endsWith('.loading');
const hasCode = (flow: IdentityFlow | null | undefined) =>
  Boolean(flow?.ui.nodes.some((n: UiNode) => (n.attributes as { name?: string }).name === 'code'));

const withCode = shapeFlows(() => [replayNodes.email(), replayNodes.code(), replayNodes.send()]);
const withoutCode = shapeFlows(() => [replayNodes.email(), replayNodes.send()]);

/**
 * With a code in the address, whether a loaded flow has a code field decides whether it is submitted at once, so
 * a loaded flow keeps the fields it has (no code field added): a path where the user then submits a code on such a
 * flow has no way on the screen and is not replayed (skipped event kind: user.submit of a code where the screen
 * shows no code field).
 */
const codeFieldShown = (p: FlowPath) =>
  !prefilled(p.input) ||
  p.steps.every((s, i) => {
    if (s.event.type !== 'user.submit' || !(s.event as unknown as { values: { code?: string } }).values.code)
      return true;
    const flow = ((i ? p.steps[i - 1].state : p.start).context as { flow: IdentityFlow | null }).flow;
    const loaded = p.steps.some((l) => isLoad(l.event) && (l.event as { output?: unknown }).output === flow);
    return !loaded || hasCode(flow);
  });

const model = machineModel('verification');
const all: FlowPath[] = shortestReplayPaths(model);
const paths = replayPaths(model, { covering: true, replayable: codeFieldShown });

const verificationReplay: ScreenReplay = {
  render: (actors, inspect) => <VerificationScreen title="Verify" actors={actors} inspect={inspect} />,
  path: (input) => (prefilled(input) ? '/verification/?code=123456' : '/verification/'),
  shape: (o, event, input) => (prefilled(input) && isLoad(event) ? withoutCode(o) : withCode(o)),
  fakeTimers: { periodMs: 1000 },
  interact: async (user, event) => {
    if (event.type === 'user.retry') return press(user, 'Try again');
    if (event.type !== 'user.submit')
      throw new Error(`no way on the verification screen to send ${event.type}`);
    await submitCodeForm(user, event);
  },
  expectVisible: (value, context, seen) => {
    if (value === 'passed') {
      expect(screen.getByRole('status')).toHaveTextContent('Your account is verified.');
      return;
    }
    expectFlowBody(value, context, seen);
  },
  key: flowKey,
};

beforeEach(() => {
  // Only the timers: React, the promises and user-event's own scheduling run as usual.
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick'] });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('verification paths through the verification screen', () => {
  it('replays both inputs, a code submitted at once among them', () => {
    expect(paths.some((p) => prefilled(p.input))).toBe(true);
    expect(paths.some((p) => !prefilled(p.input))).toBe(true);
    expect(all.filter((p) => !codeFieldShown(p)).length).toBeLessThan(all.length / 2);
  });
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, p) => {
    const { unavailable } = await replayPath(p, verificationReplay);
    expect(unavailable).toBeNull();
  });
});
