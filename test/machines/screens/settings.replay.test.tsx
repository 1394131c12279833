/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The settings machine's model paths replayed through the settings screen it drives (issue 18). The model has
 * a few hundred shortest paths (two inputs: the whole screen and the authenticator-app screen, ?groups=totp);
 * replaying each through the screen takes minutes, so the set of paths that together take every transition the
 * machine declares is replayed (replayPaths' covering set), each step checked on the screen.
 */
import { screen } from '@testing-library/react';
import { SettingsScreen } from '../../../src/app/pages/account/identity/IdentityScreens';
import {
  describePath,
  fill,
  press,
  replayNodes,
  replayPath,
  shapeFlows,
  type FlowPath,
  type ScreenReplay,
} from '../support/identityScreenReplay';
import { machineModel } from '../support/models';
import { replayPaths, shortestReplayPaths } from '../support/replay';
import { expectFlowBody, flowKey, submitCodeForm } from './flowScreens';

/** The screen's only way to send user.continue is the recovery-codes offer's button (Done / Not now). */
const continueOffered = (p: FlowPath) =>
  p.steps.every(
    (s, i) =>
      s.event.type !== 'user.continue' ||
      ((i ? p.steps[i - 1].state : p.start).context as { offerRecoveryCodes?: boolean }).offerRecoveryCodes,
  );
const model = machineModel('settings');
const all: FlowPath[] = shortestReplayPaths(model);
const paths = replayPaths(model, { covering: true, replayable: continueOffered });
const OFFER = /Two-factor authentication is on/;

const settingsReplay: ScreenReplay = {
  render: (actors, inspect) => <SettingsScreen title="Settings" actors={actors} inspect={inspect} />,
  path: (input) => `/settings/${Array.isArray(input.groups) ? `?groups=${input.groups.join(',')}` : ''}`,
  // Profile fields in the default group (shown on every settings screen), the authenticator app in its own.
  shape: shapeFlows(() => [
    replayNodes.email('default'),
    replayNodes.code('default'),
    replayNodes.send('default'),
    replayNodes.totp(),
    replayNodes.totpSave(),
  ]),
  interact: async (user, event, context) => {
    if (event.type === 'user.retry') return press(user, 'Try again');
    if (event.type === 'user.continue') {
      // The screen's only way to continue is the recovery-codes offer's button; without the offer it has none.
      if (!context.offerRecoveryCodes) {
        expect(screen.queryByText(OFFER)).toBeNull();
        expect(screen.queryByRole('button', { name: /^(Done|Not now)$/ })).toBeNull();
        return 'unavailable';
      }
      return press(user, /^(Done|Not now)$/);
    }
    if (event.type !== 'user.submit') throw new Error(`no way on the settings screen to send ${event.type}`);
    const values = (event as unknown as { values: Record<string, string> }).values;
    if (values.totp_code) {
      await fill(user, /^E-mail/, undefined);
      await fill(user, /^Code/, undefined);
      await fill(user, /^Authenticator code/, values.totp_code);
      return press(user, 'Save authenticator');
    }
    await fill(user, /^Authenticator code/, undefined);
    return submitCodeForm(user, event);
  },
  expectVisible: (value, context, seen) => {
    expectFlowBody(value, context, seen);
    if (value === 'ready') {
      expect(screen.getByLabelText(/^Authenticator code/)).toBeEnabled();
      if (context.offerRecoveryCodes) expect(screen.getByText(OFFER)).toBeInTheDocument();
      else expect(screen.queryByText(OFFER)).toBeNull();
    }
  },
  key: flowKey,
};

describe('settings paths through the settings screen', () => {
  it('has paths to replay', () => expect(paths.length).toBeGreaterThan(3));
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, p) => {
    const { unavailable } = await replayPath(p, settingsReplay);
    expect(unavailable).toBeNull();
  });

  // Skipped event kind: user.continue while no recovery codes are offered. The machine answers it (a
  // second-factor screen finishes, the whole screen ignores it) but the screen shows no button for it, so paths
  // sending it there are not replayed; this shows the screen indeed offers no way.
  it('offers no way to continue without the recovery-codes offer', async () => {
    const excluded = all.filter((p) => !continueOffered(p));
    expect(excluded.length).toBeGreaterThan(0);
    const shortest = excluded.sort((a, b) => a.steps.length - b.steps.length)[0];
    const { unavailable } = await replayPath(shortest, settingsReplay);
    expect(unavailable).toBe('user.continue');
  });
});
