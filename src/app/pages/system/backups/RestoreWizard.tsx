/**
 * "Restore": an archive and its passphrase → "Show what changes" (the plan) → "Restore this backup", kept or rolled
 * back like any safe apply. The steps are the restore machine's (machines/backupRestore.machine.ts).
 */
import * as backups from '../../../../shared/contracts/backups';
import { FileChooser } from '../../../../widgets/FileChooser';
import { TextInput } from '../../../../widgets/TextInput';
import { useFollowJob } from './followJob';
import { RESTORE_RESULT_KEY } from './resources';
import { RestorePlanView } from './RestorePlanView';
import { useRestoreMachine } from './restoreActors';

const tooLarge = (f: File) =>
  f.size > backups.BACKUP_UPLOAD_LIMIT ? 'The archive is larger than 64 MiB.' : null;

export function RestoreWizard() {
  const [snapshot, send] = useRestoreMachine();
  const { file, passphrase, plan } = snapshot.context;
  const planning = snapshot.hasTag('planning');
  useFollowJob(RESTORE_RESULT_KEY);
  return (
    <section className="config-section" aria-labelledby="backup-restore">
      <h2 id="backup-restore">Restore</h2>
      <p>
        Replaces the configuration, accounts, certificates and identities with the archive’s. Changes that can
        lock you out must be kept within the confirmation time, or the appliance puts back what it had.
      </p>
      <div className="config-form">
        <FileChooser
          label="Backup archive"
          accept=".rbk"
          file={file}
          onChange={(f) => send({ type: 'user.chooseFile', file: f })}
          validate={tooLarge}
        />
        <div className="config-field">
          <TextInput
            name="restore-passphrase"
            label="Passphrase"
            type="password"
            autoComplete="off"
            value={passphrase}
            onChange={(v) => send({ type: 'user.typePassphrase', passphrase: v })}
          />
        </div>
        <div className="config-form__actions">
          <button
            type="button"
            className="button"
            disabled={!snapshot.can({ type: 'user.showPlan' })}
            onClick={() => send({ type: 'user.showPlan' })}
          >
            {planning ? 'Reading…' : 'Show what changes'}
          </button>
        </div>
      </div>
      {plan ? (
        <RestorePlanView
          plan={plan}
          canRestore={snapshot.can({ type: 'user.restore' })}
          onRestore={() => send({ type: 'user.restore' })}
        />
      ) : null}
    </section>
  );
}
