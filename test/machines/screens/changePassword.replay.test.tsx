/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The change-password machine's model paths replayed through the change-password screen: the fake API client's
 * change call waits for the path's done/error events; the user fills the fields and clicks what each user event
 * says.
 */
import { screen } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { changePasswordMachine } from '../../../machines/changePassword.machine';
import type { ApiClient, ApiResponse } from '../../../src/api/client';
import { verbClient } from '../../support/verbClient';
import { AFTER_CHANGE_PATH, ChangePasswordScreen } from '../../../src/app/pages/account/ChangePasswordScreen';
import { localAuthMessages } from '../../../src/identity/localAuth';
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

const model = machineModel('changePassword');
const paths = replayPaths(model);

function fakeApi(pending: PendingCalls): ApiClient {
  const ok = (data: unknown): ApiResponse<unknown> => ({ status: 200, data, headers: new Headers() });
  return verbClient({
    post: (() => pending.wait('changePassword').then(ok)) as ApiClient['post'],
  });
}

type Ctx = { error: string | null; prompt: string | null };
type Submit = EventObject & { username?: string; password?: string; newPassword?: string; otp?: string };

describe('change-password machine replayed through the change-password screen', () => {
  it(`replays ${paths.length} model paths, which take every transition`, () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(untakenTransitions(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [pathTitle(changePasswordMachine, p), p] as const))('%s', async (_title, path) => {
    const pending = new PendingCalls();
    const probe = actorProbe();
    const { user, loads, toasts, unmount } = renderScreen(
      <ChangePasswordScreen title="Change password" inspect={probe.inspect} />,
      { api: fakeApi(pending), path: '/change-password' },
    );
    const button = (name: string) => screen.getByRole('button', { name });
    const retype = async (label: string, text: string) => {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      if (text) await user.type(field, text);
    };
    const fill = async (e: Submit) => {
      await retype('Username', e.username ?? '');
      await retype('Current password', e.password ?? '');
      await retype('New password', e.newPassword ?? '');
      await retype('Repeat the new password', e.newPassword ?? '');
    };
    let lastAnswer: ActorAnswer | null = null;
    let errorToasts = 0;

    await replay(changePasswordMachine, path, {
      probe,
      answer: async (a) => {
        lastAnswer = a;
        expect(pending.count(a.src)).toBe(1);
        // The server's answer to a change: no redirect_uri, so the screen leaves for the login route.
        pending.settle(a.src, a.done ? { resolve: {} } : { reject: a.error });
      },
      act: async (event) => {
        const e = event as Submit;
        if (e.type === 'user.submit') {
          await fill(e);
          await user.click(button('Change password'));
        } else if (e.type === 'user.submitCode') {
          await retype('One-time code', e.otp ?? '');
          await user.click(button('Change password'));
        } else if (e.type === 'user.back') await user.click(button('Back'));
        else throw new Error(`no way to do ${e.type} on the change-password screen`);
      },
      // The screen checks the fields itself and never sends an incomplete submission (the machine would answer it
      // with the same message, requireAllFields): the user sees the message and nothing is sent.
      unreachable: (event) => {
        const e = event as Submit;
        if (e.type === 'user.submit' && (!e.username?.trim() || !e.password || !e.newPassword))
          return 'the screen refuses incomplete fields before the machine sees them';
        if (e.type === 'user.submitCode' && !e.otp?.trim())
          return 'the screen refuses an empty code before the machine sees it';
        return null;
      },
      refuse: async (event) => {
        const e = event as Submit;
        if (e.type === 'user.submit') await fill(e);
        else await retype('One-time code', e.otp ?? '');
        await user.click(button('Change password'));
        expect(await screen.findByRole('alert')).toHaveTextContent(localAuthMessages.completeAllFields);
        expect(pending.count('changePassword')).toBe(0);
      },
      see: (state: GraphState, event) => {
        const value = state.value as string;
        const ctx = state.context as Ctx;
        const alert = () => document.getElementById('cp-error')!;
        if (value === 'editing') {
          for (const label of ['Username', 'Current password', 'New password', 'Repeat the new password'])
            expect(screen.getByLabelText(label)).toBeEnabled();
          expect(screen.queryByLabelText('One-time code')).toBeNull();
          expect(alert()).toHaveTextContent(ctx.error ?? /^$/);
        }
        if (value === 'otp') {
          expect(screen.getByLabelText('One-time code')).toBeEnabled();
          expect(screen.queryByLabelText('Current password')).toBeNull();
          expect(screen.getByRole('status')).toHaveTextContent(ctx.prompt ?? '');
          expect(alert()).toHaveTextContent(ctx.error ?? /^$/);
        }
        if (value === 'submitting')
          expect(screen.getByLabelText(ctx.prompt ? 'One-time code' : 'Current password')).toBeDisabled();
        if (value === 'done') expect(loads).toEqual([AFTER_CHANGE_PATH]);
        else expect(loads).toEqual([]);
        // A failure outside the §8 codes goes to the error handler as a toast.
        const failure = event && lastAnswer && !lastAnswer.done ? lastAnswer.error : null;
        if (failure instanceof Error && !('status' in failure)) errorToasts++;
        expect(toasts()).toEqual(Array(errorToasts).fill(expect.objectContaining({ level: 'error' })));
        lastAnswer = null;
      },
    });
    unmount();
  });
});
