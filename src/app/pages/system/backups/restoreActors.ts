/**
 * The restore machine as the page runs it: reading the chosen file, the plan and the restore, each sent through the
 * store's saves (machines/backupRestore.machine.ts names the actors; the page provides them).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import { createActor, fromPromise } from 'xstate';
import { backupRestoreMachine, type BackupRestoreEvent } from '../../../../../machines/backupRestore.machine';
import * as backups from '../../../../shared/contracts/backups';
import type { RestoreBody, RestorePlan } from '../../../../shared/contracts/backups';
import type { RootState } from '../../../../store/createStore';
import { BACKUPS_KEY, RESTORE_PLAN_KEY, RESTORE_RESULT_KEY } from './resources';
import { forgetAnswer, saveAnswer, type SaveStore } from './saveAnswer';

/** The file's bytes as base64, as the plan and the restore send the archive. */
export const readBase64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });

export function restoreActors(store: SaveStore) {
  return {
    readArchive: fromPromise<string, { file: File }>(({ input }) => readBase64(input.file)),
    planRestore: fromPromise<RestorePlan, RestoreBody>(async ({ input }) => {
      const plan = (await saveAnswer(store, {
        endpoint: backups.postRestorePlan,
        key: BACKUPS_KEY,
        body: input,
        resultKey: RESTORE_PLAN_KEY,
      })) as RestorePlan;
      forgetAnswer(store, RESTORE_PLAN_KEY);
      return plan;
    }),
    // The answer stays under its key: the page follows the job it names (useFollowJob).
    restore: fromPromise<unknown, RestoreBody>(({ input }) =>
      saveAnswer(store, {
        endpoint: backups.postRestore,
        key: BACKUPS_KEY,
        body: input,
        resultKey: RESTORE_RESULT_KEY,
        message: 'Backup restored.',
      }),
    ),
  };
}

/**
 * The page's restore actor and its snapshot. React's own external-store hook rather than @xstate/react: this page is
 * the only one of its route chunk to run a machine, and the bindings would weigh on its bundle budget.
 */
export function useRestoreMachine() {
  const store = useStore<RootState>() as unknown as SaveStore;
  const [actor] = useState(() => createActor(backupRestoreMachine.provide({ actors: restoreActors(store) })));
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  const subscribe = useCallback((changed: () => void) => actor.subscribe(changed).unsubscribe, [actor]);
  const current = useCallback(() => actor.getSnapshot(), [actor]);
  const snapshot = useSyncExternalStore(subscribe, current, current);
  const send = useCallback((event: BackupRestoreEvent) => actor.send(event), [actor]);
  return [snapshot, send] as const;
}
