/**
 * System → Backups: "Back up now" and the last result, the schedule with the passphrase of scheduled archives, the
 * targets (a local directory, or an SFTP server whose host key the admin fetches and confirms), the latest runs,
 * "Download a backup" (a passphrase dialog) and "Restore" (a file and its passphrase → the plan → restore, kept or
 * rolled back like any safe apply). Each part is its own module in this folder.
 */
import { useState } from 'react';
import * as backups from '../../../../shared/contracts/backups';
import { formatDateTime } from '../../../../lib/format';
import { useEndpoint, useResourceSave } from '../../../../store/useResource';
import { DataTable } from '../../../../widgets/DataTable';
import { PageHeader } from '../../../../widgets/PageHeader';
import { DownloadModal } from './DownloadModal';
import { PendingRestoreNotice } from './PendingRestoreNotice';
import { BACKUPS_KEY } from './resources';
import { RestoreWizard } from './RestoreWizard';
import { RUN_LEGEND, runRow, TARGET_LEGEND, targetRow } from './rows';
import { ScheduleForm } from './ScheduleForm';
import { TargetModal } from './TargetModal';
import { size } from './text';
import '../../common/config/config.css';
import './backups.css';

export const BACKUPS_TITLE = 'Backups';

/** The header's notice: the last run's outcome, or that none ran yet. */
function lastRunNotice(data: backups.BackupsOverview | undefined) {
  const last = data?.runs[0];
  if (!last) return data ? { level: 'info' as const, text: 'No backup has run yet.' } : undefined;
  return last.ok === false
    ? {
        level: 'error' as const,
        text: `The last backup to ${last.target} failed ${formatDateTime(last.started_at)}: ${last.error ?? 'unknown error'}.`,
      }
    : {
        level: 'info' as const,
        text: `Last backup ${formatDateTime(last.started_at)} to ${last.target} (${size(last.size)}).`,
      };
}

export function BackupsPage() {
  const { data } = useEndpoint(backups.getBackups);
  const run = useResourceSave();
  const [download, setDownload] = useState(false);
  const [editing, setEditing] = useState<backups.BackupTarget | 'new' | null>(null);
  return (
    <section className="page config-page backups-page" aria-label={BACKUPS_TITLE}>
      <PageHeader
        title={BACKUPS_TITLE}
        actionDescription="Encrypted archives of the configuration, accounts, certificates with their keys and the identity service."
        primaryButton={{
          label: run.pending ? 'Backing up…' : 'Back up now',
          disabled: run.pending || !data?.targets.some((t) => t.enabled),
          onClick: () => run.save({ endpoint: backups.postBackupRun, body: {}, key: BACKUPS_KEY, job: true }),
        }}
        secondaryButton={{ label: 'Download a backup', onClick: () => setDownload(true) }}
        statusNotice={lastRunNotice(data)}
      />
      {data?.pending_restores.map((p) => (
        <PendingRestoreNotice key={p.id} restore={p} />
      ))}
      <section className="config-section" aria-labelledby="backup-targets">
        <div className="config-section__head">
          <h2 id="backup-targets">Targets</h2>
          <button type="button" className="button" onClick={() => setEditing('new')}>
            Add target
          </button>
        </div>
        <DataTable
          caption="Backup targets"
          legend={TARGET_LEGEND}
          rows={(data?.targets ?? []).map(targetRow)}
          loading={!data}
          itemName={{ one: 'target', other: 'targets' }}
          searchLabel="Search the backup targets"
          emptyMessage="No target yet: add a local directory or an SFTP server."
          fill
          onRowAction={(id) => {
            const t = data?.targets.find((x) => String(x.id) === id);
            if (t) setEditing(t);
          }}
        />
      </section>
      <div className="backups-page__grid">
        {data ? <ScheduleForm schedule={data.schedule} nextRunAt={data.next_run_at} /> : null}
        <RestoreWizard />
      </div>
      <section className="config-section" aria-labelledby="backup-runs">
        <h2 id="backup-runs">Latest runs</h2>
        <DataTable
          caption="Backup runs"
          legend={RUN_LEGEND}
          rows={(data?.runs ?? []).map(runRow)}
          loading={!data}
          itemName={{ one: 'run', other: 'runs' }}
          searchLabel="Search the backup runs"
          emptyMessage="No run yet."
          maxHeight={420}
        />
      </section>
      {download ? <DownloadModal onClose={() => setDownload(false)} /> : null}
      {editing ? (
        <TargetModal target={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
