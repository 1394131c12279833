/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The flow form machine's model paths replayed through the login screen it drives (issue 18): every shortest path
 * of its model, the identity service answering as the path says, the user filling and pressing what the screen
 * shows.
 */
import { screen } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { LoginFlowScreen } from '../../../src/app/pages/account/identity/IdentityScreens';
import type { IdentityFlow } from '../../../src/identity/flow';
import { modelPaths, withFields } from '../support/identityReplay';
import { describePath, fill, press, replayPath, type ScreenReplay } from '../support/identityScreenReplay';
import { flowKey, expectFlowBody } from './flowScreens';

const paths = modelPaths('flowForm');

const loginReplay: ScreenReplay = {
  render: (actors, inspect) => <LoginFlowScreen title="Log in" actors={actors} inspect={inspect} />,
  path: () => '/login/',
  shape: (o) =>
    'ui' in (o as object) ? withFields(o as IdentityFlow, ['email', 'code', 'send']) : flowOf(o),
  interact: async (user, event: EventObject) => {
    if (event.type === 'user.retry') return press(user, 'Try again');
    if (event.type !== 'user.submit') throw new Error(`no way on the login screen to send ${event.type}`);
    const values = (event as unknown as { values: Record<string, string> }).values;
    await fill(user, /^E-mail/, values.email);
    await fill(user, /^Code/, values.code);
    await press(user, 'Send');
  },
  expectVisible: (value, context, seen) => expectFlowBody(value, context, seen),
  key: flowKey,
};

/** A submit's answer: a flow to show is shaped, a completion kept. */
function flowOf(o: unknown) {
  const r = o as { type: string; flow?: IdentityFlow };
  return r.type === 'flow' && r.flow ? { ...r, flow: withFields(r.flow, ['email', 'code', 'send']) } : o;
}

describe('flowForm paths through the login screen', () => {
  it('has paths to replay', () => expect(paths.length).toBeGreaterThan(50));
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, p) => {
    await replayPath(p, loginReplay);
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});
