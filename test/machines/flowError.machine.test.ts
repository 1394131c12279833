import { createActor, fromPromise, waitFor } from 'xstate';
import { flowErrorMachine, type FlowErrorContainer } from '../../machines/flowError.machine';

function start(id: string | null, answers: Array<FlowErrorContainer | { status: number; body: unknown }>) {
  const queue = [...answers];
  const loadFlowError = jest.fn(async ({ input }: { input: { id: string } }) => {
    const a = queue.shift();
    if (!a || !('id' in a)) throw a ?? { status: 0, body: null };
    return { ...a, id: input.id };
  });
  const actor = createActor(
    flowErrorMachine.provide({ actors: { loadFlowError: fromPromise(loadFlowError) } }),
    {
      input: { id },
    },
  ).start();
  return { actor, loadFlowError };
}

describe('identity error page machine', () => {
  it('reads the error by id and keeps it', async () => {
    const { actor, loadFlowError } = start('e1', [
      { id: 'e1', error: { id: 'security_csrf_violation', code: 403 } },
    ]);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(loadFlowError.mock.calls[0][0].input).toEqual({ id: 'e1' });
    expect(actor.getSnapshot().context.container?.error).toEqual({
      id: 'security_csrf_violation',
      code: 403,
    });
  });

  it.each([null, '', '   '])('without an id (%j) is missing at once, without a call', (id) => {
    const { actor, loadFlowError } = start(id, []);
    expect(actor.getSnapshot().matches('missing')).toBe(true);
    expect(loadFlowError).not.toHaveBeenCalled();
  });

  it.each([400, 403, 404])('an answer of %i is a missing error', async (status) => {
    const { actor } = start('e1', [{ status, body: { error: { code: status } } }]);
    await waitFor(actor, (s) => s.matches('missing'));
  });

  it.each([0, 500, 503])('no answer or a server failure (%i) fails; a retry loads again', async (status) => {
    const { actor, loadFlowError } = start('e1', [
      { status, body: null },
      { id: 'e1', error: { code: 500 } },
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(loadFlowError).toHaveBeenCalledTimes(2);
  });
});
