/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The flow-error machine's model paths replayed through the identity error page it drives (issue 18): every
 * shortest path, with and without an error id in the address, and the retry after a failure.
 */
import { screen } from '@testing-library/react';
import { FlowErrorScreen } from '../../../src/app/pages/account/identity/IdentityScreens';
import {
  describePath,
  press,
  replayPath,
  type FlowPath,
  type ScreenReplay,
} from '../support/identityScreenReplay';
import { machineModel } from '../support/models';
import { replayPaths } from '../support/replay';

// Every shortest path, and the retry after a failure (it leads back to a state already reached, so no shortest
// path ends with it; replayPaths extends one by it).
const paths: FlowPath[] = replayPaths(machineModel('flowError'));

const flowErrorReplay: ScreenReplay = {
  render: (actors, inspect) => <FlowErrorScreen title="Error" actors={actors} inspect={inspect} />,
  path: (input) => (input.id ? `/error/?id=${String(input.id)}` : '/error/'),
  shape: (o) => o,
  interact: async (user, event) => {
    if (event.type !== 'user.retry') throw new Error(`no way on the error page to send ${event.type}`);
    await press(user, 'Try again');
  },
  expectVisible: (value) => {
    switch (value) {
      case 'loading':
        expect(screen.getByRole('status')).toHaveTextContent('Loading…');
        break;
      case 'shown':
        // The stored error in the console's words, with its code.
        expect(screen.getByRole('alert')).toHaveTextContent('Error 500');
        break;
      case 'missing':
        expect(screen.getByRole('alert')).toHaveTextContent('This error is not known');
        break;
      case 'failed':
        expect(screen.getByRole('alert')).toHaveTextContent('The identity service could not be reached');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
        break;
      default:
        throw new Error(`no visible check for ${JSON.stringify(value)}`);
    }
    expect(screen.getByRole('link', { name: 'Back to log in' })).toBeInTheDocument();
  },
  key: (c) => ({ id: c.id, container: c.container }),
};

describe('flowError paths through the identity error page', () => {
  it('has paths to replay', () =>
    expect(paths.some((p) => p.steps.some((s) => s.event.type === 'user.retry'))).toBe(true));
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, p) => {
    const { unavailable, calls } = await replayPath(p, flowErrorReplay);
    expect(unavailable).toBeNull();
    // The error asked for is the one in the address.
    for (const c of calls) expect(c).toEqual({ src: 'loadFlowError', input: { id: p.input.id } });
  });
});
