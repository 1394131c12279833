/**
 * The Backups page's restore: an archive and its passphrase → the archive is read (`readArchive`) → the plan of
 * what it changes (`planRestore`) → the restore (`restore`). Actors are provided by the page (they send through the
 * store's saves, which report failures); a failed step goes back to where the user was. Choosing another file drops
 * the plan; once the restore is sent the page keeps neither the archive nor its passphrase.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RestoreBody, RestorePlan } from '../src/shared/contracts/backups';

export interface BackupRestoreContext {
  file: File | null;
  passphrase: string;
  /** The file read as base64, as the plan and the restore send it. */
  archive: string | null;
  plan: RestorePlan | null;
  /** What the restore under way sent (the fields are cleared as it starts). */
  sending: RestoreBody | null;
}

export type BackupRestoreEvent =
  | { type: 'user.chooseFile'; file: File | null }
  | { type: 'user.typePassphrase'; passphrase: string }
  | { type: 'user.showPlan' }
  | { type: 'user.restore' };

/** After a failed step: the plan still shown, else the fields. */
const backAfterFailure = (actions: 'forgetSent' | [] = []) => [
  { guard: 'hasPlan' as const, target: 'planned', actions },
  { target: 'editing', actions },
];

export const backupRestoreMachine = setup({
  types: { context: {} as BackupRestoreContext, events: {} as BackupRestoreEvent },
  actors: {
    readArchive: fromPromise<string, { file: File }>(async () => {
      throw new Error('readArchive actor not provided');
    }),
    planRestore: fromPromise<RestorePlan, RestoreBody>(async () => {
      throw new Error('planRestore actor not provided');
    }),
    restore: fromPromise<unknown, RestoreBody>(async () => {
      throw new Error('restore actor not provided');
    }),
  },
  actions: {
    /** Another archive: the plan shown was the previous one's. */
    chooseFile: assign((_, params: { file: File | null }) => ({ file: params.file, plan: null })),
    storePassphrase: assign((_, params: { passphrase: string }) => ({ passphrase: params.passphrase })),
    storeArchive: assign((_, params: { archive: string }) => ({ archive: params.archive })),
    storePlan: assign((_, params: { plan: RestorePlan }) => ({ plan: params.plan })),
    /** The archive and its passphrase go with the request: the fields forget them. */
    sendArchive: assign(({ context }) => ({
      sending: { archive: context.archive ?? '', passphrase: context.passphrase },
      archive: null,
      passphrase: '',
      file: null,
    })),
    forgetPlan: assign({ plan: null, sending: null }),
    forgetSent: assign({ sending: null }),
  },
  guards: {
    canPlan: ({ context }) => context.file !== null && context.passphrase !== '',
    hasPlan: ({ context }) => context.plan !== null,
    hasArchive: ({ context }) => context.archive !== null,
  },
}).createMachine({
  id: 'backupRestore',
  initial: 'editing',
  context: { file: null, passphrase: '', archive: null, plan: null, sending: null },
  on: {
    'user.typePassphrase': {
      actions: { type: 'storePassphrase', params: ({ event }) => ({ passphrase: event.passphrase }) },
    },
  },
  states: {
    editing: {
      on: {
        'user.chooseFile': { actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) } },
        'user.showPlan': { guard: 'canPlan', target: 'reading' },
      },
    },
    reading: {
      tags: ['planning'],
      on: {
        'user.chooseFile': {
          target: 'editing',
          actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
      invoke: {
        src: 'readArchive',
        input: ({ context }) => ({ file: context.file as File }),
        onDone: {
          target: 'planning',
          actions: { type: 'storeArchive', params: ({ event }) => ({ archive: event.output }) },
        },
        onError: backAfterFailure(),
      },
    },
    planning: {
      tags: ['planning'],
      on: {
        'user.chooseFile': {
          target: 'editing',
          actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
      invoke: {
        src: 'planRestore',
        input: ({ context }) => ({ archive: context.archive ?? '', passphrase: context.passphrase }),
        onDone: {
          target: 'planned',
          actions: { type: 'storePlan', params: ({ event }) => ({ plan: event.output }) },
        },
        onError: backAfterFailure(),
      },
    },
    planned: {
      on: {
        'user.chooseFile': {
          target: 'editing',
          actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) },
        },
        'user.showPlan': { guard: 'canPlan', target: 'reading' },
        'user.restore': { guard: 'hasArchive', target: 'restoring', actions: 'sendArchive' },
      },
    },
    restoring: {
      tags: ['restoring'],
      on: {
        // A file chosen meanwhile waits for the next plan; the restore sent goes on.
        'user.chooseFile': { actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) } },
      },
      invoke: {
        src: 'restore',
        input: ({ context }) => context.sending ?? { archive: '', passphrase: '' },
        onDone: { target: 'editing', actions: 'forgetPlan' },
        // The plan stays shown; restoring again needs the archive chosen again.
        onError: backAfterFailure('forgetSent'),
      },
    },
  },
});
