/** What every identity flow screen shows for the states the flow machines share (FlowBody). */
import { screen } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { fill, press, type ScreenReplay } from '../support/identityScreenReplay';

type User = Parameters<ScreenReplay['interact']>[0];

/** A `user.submit` of an address and maybe a code: the fields filled as the event says, then Send. */
export async function submitCodeForm(user: User, event: EventObject) {
  const values = (event as unknown as { values: Record<string, string> }).values;
  await fill(user, /^E-mail/, values.email);
  await fill(user, /^Code/, values.code);
  await press(user, 'Send');
}

/** The parts of a flow machine's context its guards read (the model's state key, without the node count). */
export function flowKey(c: Record<string, unknown>) {
  const flow = c.flow as { state?: string } | null;
  const pending = c.pending as Record<string, unknown> | null;
  const failure = c.failure as { type?: string } | null;
  return {
    flowState: flow?.state ?? null,
    resendIn: c.resendIn,
    restarts: c.restarts,
    failure: failure?.type ?? null,
    pending: ['email', 'code', 'totp_code'].filter((k) => Boolean(pending?.[k])),
    offerRecoveryCodes: c.offerRecoveryCodes,
  };
}

/** Loading, the form (busy while submitting), the failure with its retry, redirecting. */
export function expectFlowBody(value: unknown, context: Record<string, unknown>, seen: { loads: string[] }) {
  switch (value) {
    case 'loading':
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
      return true;
    case 'ready':
      expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
      expect(screen.getByLabelText(/^E-mail/)).toBeEnabled();
      return true;
    case 'submitting':
    case 'reloading':
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
      return true;
    case 'failed':
      expect(screen.getByRole('alert')).toHaveTextContent(
        (context.failure as { message?: string } | null)?.message ?? 'Something went wrong.',
      );
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      return true;
    case 'redirecting':
      // Leaving before any flow was shown, the screen stays on its loading notice.
      expect(screen.getByRole('status')).toHaveTextContent(context.flow ? 'Redirecting…' : 'Loading…');
      // The browser was sent on (a full page load).
      expect(seen.loads).toHaveLength(1);
      return true;
    default:
      throw new Error(`no visible check for ${JSON.stringify(value)}`);
  }
}
