/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The sign-up machine's model paths replayed through the sign-up screen it drives (issue 18): every shortest path
 * of its model, the identity service answering as the path says, the user filling the form, accepting the terms
 * and pressing Send; the account-created screen when the new address must be verified.
 */
import { screen } from '@testing-library/react';
import { SignupScreen } from '../../../src/app/pages/account/identity/IdentityScreens';
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
const paths: FlowPath[] = replayPaths(machineModel('signup'));

const signupReplay: ScreenReplay = {
  render: (actors, inspect) => <SignupScreen title="Sign up" actors={actors} inspect={inspect} />,
  path: () => '/signup/',
  shape: shapeFlows(() => [replayNodes.email(), replayNodes.code(), replayNodes.send()]),
  interact: async (user, event) => {
    if (event.type === 'user.retry') return press(user, 'Try again');
    if (event.type !== 'user.submit') throw new Error(`no way on the sign-up screen to send ${event.type}`);
    // The screen's own field: the terms must be accepted before the form is sent.
    const terms = screen.getByLabelText(/I accept the/);
    if (!(terms as HTMLInputElement).checked) await user.click(terms);
    await submitCodeForm(user, event);
  },
  expectVisible: (value, context, seen) => {
    if (value === 'accountCreated') {
      expect(screen.getByRole('status')).toHaveTextContent(
        `Your account was created. Click the link in the e-mail we sent to ${String(context.email)}`,
      );
      expect(screen.getByRole('link', { name: 'Send the link again' })).toBeInTheDocument();
      return;
    }
    expectFlowBody(value, context, seen);
    if (value === 'ready') expect(screen.getByLabelText(/I accept the/)).toBeEnabled();
  },
  key: (c) => ({ ...flowKey(c), email: c.email }),
};

describe('signup paths through the sign-up screen', () => {
  it('has paths to replay', () => expect(paths.length).toBeGreaterThan(50));
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, p) => {
    const { unavailable } = await replayPath(p, signupReplay);
    expect(unavailable).toBeNull();
  });
});
