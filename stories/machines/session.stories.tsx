import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fromPromise } from 'xstate';
import { sessionMachine, type ReauthCredentials, type SessionStatus } from '../../machines/session.machine';
import { MachineInspector } from '../../src/qa/StatechartView';

/**
 * The session machine's statechart, running. The status check answers "30 s left, warn at 60 s" (so it opens on the
 * warning), extending answers "10 minutes left", and re-authentication accepts the password `secret` or the code
 * `123456` (anything else is refused as the server would). With the machine's own actors (Defaults) every call fails
 * as "not provided", which walks the failure paths.
 */
const meta: Meta<typeof MachineInspector> = { title: 'Machines/Session', component: MachineInspector };
export default meta;

const refused = Object.assign(new Error('401'), {
  status: 401,
  data: { detail: { code: 6, message: 'Invalid password' } },
});

const left = (expiresInMs: number): SessionStatus => ({ expiresInMs, warnMs: 60_000, absolute: false });

const demo = sessionMachine.provide({
  actors: {
    checkStatus: fromPromise(async () => left(30_000)),
    extend: fromPromise(async () => left(600_000)),
    verify: fromPromise(async ({ input }: { input: ReauthCredentials }) => {
      if (input.password === 'secret' || input.otp === '123456') return left(600_000);
      throw refused;
    }),
  },
});

export const Statechart: StoryObj<typeof MachineInspector> = {
  args: { machine: demo, title: 'Session machine', input: { heartbeatMs: 30_000 } },
};

export const Defaults: StoryObj<typeof MachineInspector> = {
  args: { machine: sessionMachine, title: 'Session machine (actors not provided)', input: {} },
};
