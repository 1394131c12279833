/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The flow form machine's model paths replayed through the login screen it drives (issue 18): every shortest path
 * of its model, the identity service answering as the path says, the user filling and pressing what the screen
 * shows.
 */
import { screen } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { LoginFlowScreen } from '../../../src/app/pages/account/identity/IdentityScreens';
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
import { replayPaths } from '../support/replay';
import { expectFlowBody, flowKey, submitCodeForm } from './flowScreens';

// Every shortest path, and where a transition ends no shortest path (a state already reached), a path extended
// by it, so every declared transition is taken through the screen.
const paths: FlowPath[] = replayPaths(machineModel('flowForm'));

const loginReplay: ScreenReplay = {
  render: (actors, inspect) => <LoginFlowScreen title="Log in" actors={actors} inspect={inspect} />,
  path: () => '/login/',
  shape: shapeFlows(() => [replayNodes.email(), replayNodes.code(), replayNodes.send()]),
  interact: async (user, event: EventObject) => {
    if (event.type === 'user.retry') return press(user, 'Try again');
    if (event.type !== 'user.submit') throw new Error(`no way on the login screen to send ${event.type}`);
    await submitCodeForm(user, event);
  },
  expectVisible: (value, context, seen) => expectFlowBody(value, context, seen),
  key: flowKey,
};

describe('flowForm paths through the login screen', () => {
  it('has paths to replay', () => expect(paths.length).toBeGreaterThan(50));
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, p) => {
    const { unavailable } = await replayPath(p, loginReplay);
    expect(unavailable).toBeNull();
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});
