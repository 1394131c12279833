/**
 * /updates/update: the installed version and channel, the last repository check, available updates with their
 * changelogs and Apply (a job the progress overlay follows), package upload, the history with rollback to the
 * previous version, and the source and schedule settings. Data comes from the store (sagas/updates.saga.ts).
 */
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import {
  updateApplyRequested,
  updatePackageUploadRequested,
  updateRollbackRequested,
  updateScheduleSaveRequested,
  updateSettingsSaveRequested,
  updateTrustedKeyAddRequested,
  updatesCheckRequested,
  type UpdateStatus,
} from '../../../store/slices/updates.slice';
import { ConfirmationModal } from '../../../widgets/ConfirmationModal';
import { FileChooser } from '../../../widgets/FileChooser';
import { Loader } from '../../../widgets/Loader';
import { PageHeader } from '../../../widgets/PageHeader';
import { usePaletteActions } from '../../palette/actions';
import { AvailableUpdates } from './AvailableUpdates';
import { UpdateHistory } from './UpdateHistory';
import { RepositoryForm, ScheduleForm, TrustedKeyForm } from './UpdateForms';
import './updates.css';
import { useCanWrite, useIsAdmin } from '../../../store/usePrivilege';
import { historyOf } from '../history/link';

export const UPDATES_TITLE = 'Updates';
/** Largest package the appliance accepts (its per-route body limit). */
export const PACKAGE_MAX_BYTES = 10 * 1024 * 1024;

type Confirm = { kind: 'apply'; version: string } | { kind: 'rollback'; version: string } | null;

function LastCheck({ check }: { check: UpdateStatus['last_check'] }) {
  if (!check) return <>never</>;
  return (
    <>
      {formatDateTime(check.at)}
      {check.error ? <span className="updates__warning"> — failed: {check.error}</span> : null}
    </>
  );
}

export function UpdatesView({ data }: { data: UpdateStatus }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector((s) => s.updates.pending);
  // Admins and accounts whose groups grant the updates write privilege change updates (the appliance refuses
  // others); until the user is known, the buttons stay usable.
  const readOnly = !useCanWrite('updates');
  // Trusting a signing key is for the admin role only (the appliance refuses a group's updates privilege).
  const isAdmin = useIsAdmin();
  const [file, setFile] = useState<File | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const busy = pending !== null || readOnly;
  usePaletteActions(
    useMemo(
      () =>
        readOnly
          ? []
          : [
              {
                id: 'updates.check',
                name: 'Check for updates',
                keywords: 'repository packages fetch',
                run: () => dispatch(updatesCheckRequested()),
              },
            ],
      [readOnly, dispatch],
    ),
  );

  return (
    <section className="page updates" aria-labelledby="page-title">
      <PageHeader
        history={historyOf('updates')}
        title={UPDATES_TITLE}
        badge={{ label: `Version ${data.current_version}`, color: 'green' }}
        primaryButton={{
          label: pending === 'check' ? 'Checking…' : 'Check for updates',
          onClick: () => dispatch(updatesCheckRequested()),
          disabled: busy,
        }}
        statusNotice={
          readOnly
            ? {
                text: 'You can view the updates but not apply them or change these settings: your groups grant read access only.',
                level: 'info',
              }
            : data.available.some((u) => u.security)
              ? { text: 'A security update is available.', level: 'warning' }
              : undefined
        }
      />

      <section className="updates__section" aria-labelledby="updates-installed">
        <h2 id="updates-installed">Installed</h2>
        <dl className="updates__facts">
          <dt>Version</dt>
          <dd data-testid="current-version">{data.current_version}</dd>
          <dt>Channel</dt>
          <dd>{data.channel}</dd>
          <dt>Schema version</dt>
          <dd>{data.schema_version}</dd>
          <dt>Last check</dt>
          <dd>
            <LastCheck check={data.last_check} />
          </dd>
          <dt>Trusted keys</dt>
          <dd>
            {data.trusted_keys.length ? (
              data.trusted_keys.map((k) => `${k.name} (${k.fingerprint})`).join(', ')
            ) : (
              <span className="updates__warning">
                None: no package can be verified until a trusted key is installed.
              </span>
            )}
          </dd>
        </dl>
        {readOnly || !isAdmin ? null : (
          <details className="updates__add-key" open={data.trusted_keys.length === 0}>
            <summary>Install a trusted key</summary>
            <TrustedKeyForm busy={busy} onInstall={(k) => dispatch(updateTrustedKeyAddRequested(k))} />
          </details>
        )}
        {data.last_check?.rejected.length ? (
          <div className="updates__rejected" role="note">
            <p>Files refused at the last check:</p>
            <ul>
              {data.last_check.rejected.map((r) => (
                <li key={r.file}>
                  <code>{r.file}</code>: {r.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section className="updates__section" aria-labelledby="updates-available">
        <h2 id="updates-available">Available updates</h2>
        <AvailableUpdates
          updates={data.available}
          disabled={busy}
          onApply={(version) => setConfirm({ kind: 'apply', version })}
        />
      </section>

      <section className="updates__section" aria-labelledby="updates-upload">
        <h2 id="updates-upload">Upload a package</h2>
        <form
          className="updates__upload"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) dispatch(updatePackageUploadRequested(file));
            setFile(null);
          }}
        >
          <FileChooser
            label="Update package"
            accept=".rup,application/json"
            file={file}
            onChange={setFile}
            hint="A signed Rampart update package (.rup), at most 10 MiB."
            validate={(f) => (f.size > PACKAGE_MAX_BYTES ? 'The package is larger than 10 MiB.' : null)}
          />
          <button type="submit" className="button" disabled={!file || busy}>
            {pending === 'upload' ? 'Verifying…' : 'Upload and verify'}
          </button>
        </form>
      </section>

      <section className="updates__section" aria-labelledby="updates-history">
        <div className="updates__section-head">
          <h2 id="updates-history">History</h2>
          {data.rollback_version ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => setConfirm({ kind: 'rollback', version: data.rollback_version as string })}
            >
              Roll back to {data.rollback_version}
            </button>
          ) : null}
        </div>
        <UpdateHistory history={data.history} />
      </section>

      <section className="updates__section updates__settings" aria-labelledby="updates-settings">
        <h2 id="updates-settings">Source and schedule</h2>
        <RepositoryForm
          repository={data.repository}
          isDefault={data.repository_is_default}
          channel={data.channel}
          busy={busy}
          onSave={(v) => dispatch(updateSettingsSaveRequested(v))}
        />
        <ScheduleForm
          schedule={data.schedule}
          busy={busy}
          onSave={(s) => dispatch(updateScheduleSaveRequested(s))}
        />
      </section>

      <ConfirmationModal
        open={confirm !== null}
        title={confirm?.kind === 'rollback' ? 'Roll back' : 'Apply update'}
        message={
          confirm?.kind === 'rollback'
            ? `Return the appliance from ${data.current_version} to ${confirm.version}?`
            : `Update the appliance from ${data.current_version} to ${confirm?.version ?? ''}?`
        }
        yesLabel={confirm?.kind === 'rollback' ? 'Roll back' : 'Apply'}
        noLabel="Cancel"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === 'apply') dispatch(updateApplyRequested({ version: confirm.version }));
          else if (confirm?.kind === 'rollback') dispatch(updateRollbackRequested());
          setConfirm(null);
        }}
      />
    </section>
  );
}

export function UpdatesPage() {
  const load = useAppSelector((s) => s.updates.load);
  const data = useAppSelector((s) => s.updates.data);
  if (data) return <UpdatesView data={data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title">{UPDATES_TITLE}</h1>
      </header>
      {load === 'failed' ? (
        <p className="page__notice" role="alert">
          The update status could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <Loader label="Loading the update status…" />
      )}
    </section>
  );
}
