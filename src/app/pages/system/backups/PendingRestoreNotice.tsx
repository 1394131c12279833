/** A restore awaiting confirmation: what it changed, its deadline, "Keep changes" and "Revert now". */
import * as backups from '../../../../shared/contracts/backups';
import { formatDateTime } from '../../../../lib/format';
import { useResourceSave } from '../../../../store/useResource';
import { useFollowJob } from './followJob';
import { BACKUPS_KEY, RESTORE_REVERT_KEY } from './resources';

export function PendingRestoreNotice({ restore }: { restore: backups.PendingRestore }) {
  const keep = useResourceSave();
  const revert = useResourceSave();
  useFollowJob(RESTORE_REVERT_KEY);
  return (
    <div className="backups-page__pending" role="alert">
      <p>
        The restore of the backup of {formatDateTime(Date.parse(restore.archive_created_at))} changed{' '}
        {restore.changes.join('; ')}. Unless it is kept by {formatDateTime(restore.deadline)}, the appliance
        puts back what it had.
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={keep.pending}
        onClick={() =>
          keep.save({
            endpoint: backups.keepRestore,
            params: { id: restore.id },
            key: BACKUPS_KEY,
            message: 'Restore kept.',
          })
        }
      >
        Keep changes
      </button>
      <button
        type="button"
        className="button"
        disabled={revert.pending}
        onClick={() =>
          revert.save({
            endpoint: backups.revertRestore,
            params: { id: restore.id },
            key: BACKUPS_KEY,
            resultKey: RESTORE_REVERT_KEY,
            message: 'The state before the restore is back.',
          })
        }
      >
        Revert now
      </button>
    </div>
  );
}
