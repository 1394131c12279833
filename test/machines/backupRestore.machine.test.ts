import { createActor, fromPromise, waitFor, type StateValueFrom } from 'xstate';
import { backupRestoreMachine } from '../../machines/backupRestore.machine';
import type { RestoreBody, RestorePlan } from '../../src/shared/contracts/backups';

const plan = (appliance_version: string): RestorePlan => ({
  manifest: { format: 'rampart-backup/1', format_version: 1, appliance_version, created_at: '', members: [] },
  configuration: { format: 'rampart-config/1', changes: [], unknown_sections: [], missing_sections: [] },
  counts: [],
});
const archive = new File([new Uint8Array([1, 2, 3])], 'rampart-backup-1.rbk');
const other = new File([new Uint8Array([4])], 'rampart-backup-2.rbk');

/** Each actor answers the next of its answers (an Error rejects); what the plan and the restore were sent. */
function start(answers: {
  read?: Array<string | Error>;
  plan?: Array<RestorePlan | Error>;
  restore?: Error[];
}) {
  const planned: RestoreBody[] = [];
  const restored: RestoreBody[] = [];
  const next = <T>(list: Array<T | Error> | undefined): T => {
    const a = list?.shift();
    if (a === undefined || a instanceof Error) throw a ?? new Error('no answer');
    return a;
  };
  const actor = createActor(
    backupRestoreMachine.provide({
      actors: {
        readArchive: fromPromise(async () => next(answers.read)),
        planRestore: fromPromise<RestorePlan, RestoreBody>(async ({ input }) => {
          planned.push(input);
          return next(answers.plan);
        }),
        restore: fromPromise<unknown, RestoreBody>(async ({ input }) => {
          restored.push(input);
          const failure = answers.restore?.shift();
          if (failure) throw failure;
          return { status: 'restored' };
        }),
      },
    }),
  ).start();
  const settled = (value: StateValueFrom<typeof backupRestoreMachine>) =>
    waitFor(actor, (s) => s.matches(value));
  return { actor, planned, restored, settled };
}

const choose = (file: File, passphrase = 'a long backup passphrase') => [
  { type: 'user.chooseFile' as const, file },
  { type: 'user.typePassphrase' as const, passphrase },
];

describe('backup restore machine', () => {
  it('plans only with a file and a passphrase', () => {
    const { actor } = start({});
    actor.send({ type: 'user.showPlan' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'user.chooseFile', file: archive });
    expect(actor.getSnapshot().can({ type: 'user.showPlan' })).toBe(false);
    actor.send({ type: 'user.typePassphrase', passphrase: 'x' });
    expect(actor.getSnapshot().can({ type: 'user.showPlan' })).toBe(true);
  });

  it('reads the archive, sends it with the passphrase for the plan, then restores it and forgets both', async () => {
    const { actor, planned, restored, settled } = start({ read: ['AQID'], plan: [plan('1.0.0')] });
    choose(archive).forEach((e) => actor.send(e));
    actor.send({ type: 'user.showPlan' });
    expect(actor.getSnapshot().hasTag('planning')).toBe(true);
    await settled('planned');
    expect(planned).toEqual([{ archive: 'AQID', passphrase: 'a long backup passphrase' }]);
    expect(actor.getSnapshot().context.plan).toEqual(plan('1.0.0'));
    actor.send({ type: 'user.restore' });
    // Sent: the fields are empty while the restore runs, the plan is still shown.
    expect(actor.getSnapshot().context).toMatchObject({ file: null, passphrase: '', archive: null });
    expect(actor.getSnapshot().context.plan).not.toBeNull();
    expect(actor.getSnapshot().can({ type: 'user.restore' })).toBe(false);
    await settled('editing');
    expect(restored).toEqual([{ archive: 'AQID', passphrase: 'a long backup passphrase' }]);
    expect(actor.getSnapshot().context).toEqual({
      file: null,
      passphrase: '',
      archive: null,
      plan: null,
      sending: null,
    });
  });

  it('another file drops the plan shown', async () => {
    const { actor, settled } = start({ read: ['AQID'], plan: [plan('1.0.0')] });
    choose(archive).forEach((e) => actor.send(e));
    actor.send({ type: 'user.showPlan' });
    await settled('planned');
    actor.send({ type: 'user.chooseFile', file: other });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ file: other, plan: null });
  });

  it('a refused plan goes back to the fields, or to the plan already shown', async () => {
    const { actor, settled } = start({ read: ['AQID', 'AQID'], plan: [new Error('422'), plan('1.0.0')] });
    choose(archive, 'wrong').forEach((e) => actor.send(e));
    actor.send({ type: 'user.showPlan' });
    await waitFor(actor, (s) => !s.hasTag('planning'));
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'user.typePassphrase', passphrase: 'a long backup passphrase' });
    actor.send({ type: 'user.showPlan' });
    await settled('planned');
    const again = start({ read: ['AQID', 'AQID'], plan: [plan('1.0.0'), new Error('422')] });
    choose(archive).forEach((e) => again.actor.send(e));
    again.actor.send({ type: 'user.showPlan' });
    await again.settled('planned');
    again.actor.send({ type: 'user.showPlan' });
    await waitFor(again.actor, (s) => !s.hasTag('planning'));
    expect(again.actor.getSnapshot().value).toBe('planned');
    expect(again.actor.getSnapshot().context.plan).toEqual(plan('1.0.0'));
  });

  it('an unreadable file plans nothing', async () => {
    const { actor, planned } = start({ read: [new Error('the file could not be read')] });
    choose(archive).forEach((e) => actor.send(e));
    actor.send({ type: 'user.showPlan' });
    await waitFor(actor, (s) => !s.hasTag('planning'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(planned).toEqual([]);
  });

  it('a failed restore keeps the plan shown; restoring again needs the archive chosen again', async () => {
    const { actor, restored, settled } = start({
      read: ['AQID'],
      plan: [plan('1.0.0')],
      restore: [new Error('422')],
    });
    choose(archive).forEach((e) => actor.send(e));
    actor.send({ type: 'user.showPlan' });
    await settled('planned');
    actor.send({ type: 'user.restore' });
    await waitFor(actor, (s) => !s.hasTag('restoring'));
    expect(actor.getSnapshot().value).toBe('planned');
    expect(actor.getSnapshot().context).toMatchObject({ plan: plan('1.0.0'), archive: null, sending: null });
    actor.send({ type: 'user.restore' });
    expect(restored).toHaveLength(1);
  });
});
