/**
 * The login machine's model paths replayed through the local login screen: the setup and login calls of the fake
 * API client wait for the path's done/error events; the user types and clicks what each user event says.
 *
 * The paths (over 600) are shared among the files login.replay.<part>.test.tsx, every LOGIN_REPLAY_PARTS-th path to
 * a file, so both Jest workers replay them side by side instead of one worker spending minutes on all of them.
 */
import fs from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { defaults, publicConfig } from '../../../config';
import { loginMachine } from '../../../machines/login.machine';
import type { ApiClient, ApiResponse } from '../../../src/api/client';
import { verbClient } from '../../support/verbClient';
import { LocalLoginScreen } from '../../../src/app/pages/account/LocalLoginScreen';
import { SecurityKeyPromptError } from '../../../src/identity/securityKeys';
import { renderScreen } from '../../app/pages/account/support';
import type { GraphState } from '../support/coverage';
import { machineModel } from '../support/models';
import {
  actorProbe,
  type ActorAnswer,
  pathTitle,
  PendingCalls,
  replay,
  replayPaths,
  untakenTransitions,
} from '../support/replay';

const model = machineModel('login');
const paths = replayPaths(model);

/** The API answer behind each actor output of the model (the screen's actors read these). */
const apiAnswers: Record<string, unknown> = {
  loadSetup: { login_methods: [{ type: 'form_login' }] },
  login: { data: { redirect_uri: '/logs/overview' } },
  useSecurityKey: { data: { redirect_uri: '/logs/overview' } },
};

/** The browser's key prompt answers at once (the appliance's answer to it is the model's). */
const bytes = (s: string) => new TextEncoder().encode(s).buffer;
beforeAll(() => {
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      get: async () => ({
        id: 'a2V5',
        rawId: bytes('key'),
        type: 'public-key',
        response: {
          clientDataJSON: bytes('{}'),
          authenticatorData: bytes('data'),
          signature: bytes('sig'),
          userHandle: null,
        },
      }),
    },
  });
});

function fakeApi(pending: PendingCalls): ApiClient {
  const ok = (data: unknown): ApiResponse<unknown> => ({ status: 200, data, headers: new Headers() });
  return verbClient({
    get: (() => pending.wait('loadSetup').then(ok)) as ApiClient['get'],
    post: ((url: string) =>
      pending.wait(url.includes('/webauthn') ? 'useSecurityKey' : 'login').then(ok)) as ApiClient['post'],
  });
}

type Ctx = { error: string | null; prompt: string | null; username: string };

/** The files sharing the paths; each part's file calls describeLoginReplay with its number. */
export const LOGIN_REPLAY_PARTS = 4;

/** Part `part` (1 to LOGIN_REPLAY_PARTS) of the replay; part 1 also checks that all the paths take every transition. */
export function describeLoginReplay(part: number) {
  const mine = paths.filter((_p, i) => i % LOGIN_REPLAY_PARTS === part - 1);
  describe(`login machine replayed through the local login screen (part ${part} of ${LOGIN_REPLAY_PARTS})`, () => {
    if (part === 1)
      it(`replays ${paths.length} model paths, which take every transition`, () => {
        expect(paths.length).toBeGreaterThan(10);
        expect(untakenTransitions(model, paths)).toEqual([]);
      });
    // A part without its file would leave its paths unreplayed.
    if (part === 1)
      it(`has a file for each of the ${LOGIN_REPLAY_PARTS} parts`, () => {
        const parts = Array.from({ length: LOGIN_REPLAY_PARTS }, (_v, i) => `login.replay.${i + 1}.test.tsx`);
        expect(parts.filter((f) => !fs.existsSync(join(__dirname, f)))).toEqual([]);
      });

    it.each(mine.map((p) => [pathTitle(loginMachine, p), p] as const))('%s', replayPath);
  });
}

async function replayPath(_title: string, path: (typeof paths)[number]) {
  const pending = new PendingCalls();
  const probe = actorProbe();
  const { bearerMode } = path.input as { bearerMode: boolean };
  const { user, loads, toasts, unmount } = renderScreen(
    <LocalLoginScreen title="Log in" inspect={probe.inspect} />,
    { api: fakeApi(pending), state: { config: { ...publicConfig(defaults), bearerMode } } },
  );
  const submitButton = (name: string) => screen.getByRole('button', { name });
  const retype = async (label: string, text: string) => {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (text) await user.type(field, text);
  };

  let lastAnswer: ActorAnswer | null = null;
  let errorToasts = 0;
  const stepOf = (state: GraphState) => (state.value as { step: string }).step;
  await replay(loginMachine, path, {
    probe,
    answer: async (a) => {
      lastAnswer = a;
      // The call must have been made by the screen before its answer can come.
      expect(pending.count(a.src)).toBe(1);
      pending.settle(a.src, a.done ? { resolve: apiAnswers[a.src] } : { reject: a.error });
    },
    act: async (event: EventObject) => {
      const e = event as EventObject & { username?: string; password?: string; otp?: string };
      if (e.type === 'user.next') {
        await retype('Username', e.username ?? '');
        await user.click(submitButton('Next'));
      } else if (e.type === 'user.submit' && e.otp !== undefined) {
        await retype('One-time code', e.otp);
        await user.click(submitButton('Log in'));
      } else if (e.type === 'user.submit') {
        await retype('Password', e.password ?? '');
        await user.click(submitButton('Log in'));
      } else if (e.type === 'user.back') await user.click(submitButton('Back'));
      else if (e.type === 'user.useKey') await user.click(submitButton('Use your security key'));
      else throw new Error(`no way to do ${e.type} on the login screen`);
    },
    // The model also submits the password step with only a code and the code step with only a password; the
    // screen sends the field its step shows, and refuses an empty one (the machine would store '' and submit).
    unreachable: (event, before) => {
      const e = event as EventObject & { password?: string; otp?: string };
      if (e.type !== 'user.submit') return null;
      if (stepOf(before) === 'password' && e.password === undefined)
        return 'the password step submits a password';
      if (stepOf(before) === 'otp' && e.otp === undefined) return 'the code step submits a code';
      return null;
    },
    refuse: async (_event, before) => {
      const otp = stepOf(before) === 'otp';
      await retype(otp ? 'One-time code' : 'Password', '');
      await user.click(submitButton('Log in'));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        otp ? 'Please enter the one-time code.' : 'Please enter your password.',
      );
      expect(pending.count('login')).toBe(0);
    },
    see: (state: GraphState, event) => {
      const step = (state.value as { step: string }).step;
      const ctx = state.context as Ctx;
      const alert = document.getElementById('login-error')!;
      if (step === 'username') expect(screen.getByLabelText('Username')).toBeEnabled();
      if (step === 'password') expect(screen.getByLabelText('Password')).toBeEnabled();
      if (step === 'otp') {
        expect(screen.getByLabelText('One-time code')).toBeEnabled();
        expect(screen.queryByLabelText('Password')).toBeNull();
        expect(screen.getByRole('status')).toHaveTextContent(ctx.prompt ?? '');
      }
      if (step !== 'username') expect(within(document.querySelector('.auth__who')!).getByText(ctx.username));
      if (step === 'submitting') expect(submitButton('Logging in…')).toBeDisabled();
      if (step === 'securityKey') expect(submitButton('Waiting for your security key…')).toBeDisabled();
      if (step === 'success') expect(loads).toEqual(['/logs/overview']);
      else expect(loads).toEqual([]);
      if (step !== 'submitting' && step !== 'success') expect(alert).toHaveTextContent(ctx.error ?? /^$/);
      // A failure outside the §8 codes goes to the error handler: a toast, the user stays on the password.
      const failure =
        event && (lastAnswer?.src === 'login' || lastAnswer?.src === 'useSecurityKey') && !lastAnswer.done
          ? lastAnswer.error
          : null;
      if (failure instanceof Error && !('status' in failure) && !(failure instanceof SecurityKeyPromptError))
        errorToasts++;
      expect(toasts()).toEqual(Array(errorToasts).fill(expect.objectContaining({ level: 'error' })));
      lastAnswer = null;
    },
  });
  unmount();
}
