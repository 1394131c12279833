/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The logout machine's model paths replayed through the identity logout screen it drives (issue 18): every
 * shortest path of the inputs that screen has (none, and the verification segue with an e-mail). The model's
 * third input, a local login of the appliance, is the local logout page's (LogoutPage) and is not replayed here.
 */
import { screen } from '@testing-library/react';
import { LogoutScreen } from '../../../src/app/pages/account/identity/IdentityScreens';
import {
  describePath,
  press,
  replayPath,
  type FlowPath,
  type ScreenReplay,
} from '../support/identityScreenReplay';
import { machineModel } from '../support/models';
import { replayPaths, shortestReplayPaths } from '../support/replay';

const model = machineModel('logout');
const all: FlowPath[] = shortestReplayPaths(model);
const identityLogout = (p: FlowPath) => !p.input.local;
const shortest = all.filter(identityLogout);
// Plus the retry after a failure (back to a state already reached, so no shortest path ends with it), from the
// paths that take every transition of the identity logout (the local logout's own are the local page's).
const localOnly = ['logout.start:always:1', 'logout.failed:user.retry:0'];
const paths = replayPaths(model, {
  replayable: identityLogout,
  drives: (t) => !t.includes('endingLocal') && !localOnly.includes(t),
});

const logoutReplay: ScreenReplay = {
  render: (actors, inspect) => <LogoutScreen title="Log out" actors={actors} inspect={inspect} />,
  path: (input) =>
    input.segue
      ? `/logout/?segue=${String(input.segue)}&email=${encodeURIComponent(String(input.email))}`
      : '/logout/',
  shape: (o) => o,
  interact: async (user, event) => {
    if (event.type !== 'user.retry') throw new Error(`no way on the logout screen to send ${event.type}`);
    await press(user, 'Try again');
  },
  expectVisible: (value, context, seen) => {
    switch (value) {
      case 'creating':
        expect(screen.getByRole('status')).toHaveTextContent('Logging out…');
        expect(seen.loads).toEqual([]);
        break;
      case 'leaving':
        expect(screen.getByRole('status')).toHaveTextContent('Logging out…');
        // The segue navigates within the console; the others load the logout (or login) address.
        if (!context.segue) expect(seen.loads).toHaveLength(1);
        break;
      case 'failed':
        expect(screen.getByRole('alert')).toHaveTextContent('Logging out failed.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
        break;
      default:
        throw new Error(`no visible check for ${JSON.stringify(value)}`);
    }
  },
  key: (c) => ({ failure: (c.failure as { type?: string } | null)?.type ?? null, logoutUrl: c.logoutUrl }),
};

describe('logout paths through the identity logout screen', () => {
  it('has paths to replay', () => {
    expect(paths.length).toBeGreaterThanOrEqual(4);
    expect(all.length - shortest.length).toBeGreaterThan(0);
    expect(paths.some((p) => p.steps.some((s) => s.event.type === 'user.retry'))).toBe(true);
  });
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, p) => {
    const { unavailable } = await replayPath(p, logoutReplay);
    expect(unavailable).toBeNull();
  });
});
