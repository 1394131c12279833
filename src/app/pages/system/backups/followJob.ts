/** Follows the job an answer names (a restore's, or its revert's, services re-apply) in the progress overlay. */
import { useEffect } from 'react';
import type * as backups from '../../../../shared/contracts/backups';
import type { ResponseOf } from '../../../../shared/contracts/endpoint';
import { useAppDispatch } from '../../../../store/createStore';
import { progressJobStarted } from '../../../../store/slices/progress.slice';
import { resourceLoaded } from '../../../../store/slices/resources.slice';
import { useResource } from '../../../../store/useResource';

/** The answers that name a job: a restore's, or its revert's, services re-apply. */
type AnswerWithJob = ResponseOf<typeof backups.postRestore> | ResponseOf<typeof backups.revertRestore>;

export function useFollowJob(key: string) {
  const dispatch = useAppDispatch();
  const answer = useResource<AnswerWithJob | null>(key, { skip: true }).data;
  const id = answer?.job?.id;
  useEffect(() => {
    if (id) {
      dispatch(progressJobStarted({ id, dataType: 'config' }));
      // Followed once: the answer is not kept.
      dispatch(resourceLoaded({ key, data: null }));
    }
  }, [id, key, dispatch]);
}
