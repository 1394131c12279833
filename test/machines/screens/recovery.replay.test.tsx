/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The recovery machine's model paths replayed through the recovery screen it drives (issue 18). The resend cooldown
 * counts down one state per second, so the model has some 1,500 shortest paths; the set that together takes every
 * transition the machine declares is replayed (replayPaths' covering set), the cooldown's ticks on fake timers.
 */
import { screen } from '@testing-library/react';
import { RESEND_COOLDOWN_S } from '../../../machines/flowForm.machine';
import { RecoveryScreen } from '../../../src/app/pages/account/identity/IdentityScreens';
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
import { replayPaths, stepKind } from '../support/replay';
import { expectFlowBody, flowKey, submitCodeForm } from './flowScreens';

const paths: FlowPath[] = replayPaths(machineModel('recovery'), { covering: true });

const recoveryReplay: ScreenReplay = {
  render: (actors, inspect) => <RecoveryScreen title="Password recovery" actors={actors} inspect={inspect} />,
  path: () => '/recovery/',
  shape: shapeFlows(() => [replayNodes.email(), replayNodes.code(), replayNodes.send()]),
  fakeTimers: { periodMs: 1000 },
  interact: async (user, event) => {
    if (event.type === 'user.retry') return press(user, 'Try again');
    if (event.type === 'user.continue') return press(user, 'Continue');
    if (event.type !== 'user.submit') throw new Error(`no way on the recovery screen to send ${event.type}`);
    await submitCodeForm(user, event);
  },
  expectVisible: (value, context, seen) => {
    if (value === 'codeSent') {
      expect(
        screen.getByText('Check your e-mail for the recovery code, then continue to enter it.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
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

describe('recovery paths through the recovery screen', () => {
  it('replays the code being sent, the cooldown running out and a resend', () => {
    expect(paths.length).toBeGreaterThan(3);
    const ticks = Math.max(...paths.map((p) => p.steps.filter((s) => stepKind(s.event) === 'delay').length));
    expect(ticks).toBeGreaterThanOrEqual(RESEND_COOLDOWN_S);
  });
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, p) => {
    const { unavailable } = await replayPath(p, recoveryReplay);
    expect(unavailable).toBeNull();
  });
});
