/**
 * System → Backups: "Back up now" and the last result, the schedule with the passphrase of scheduled archives, the
 * targets (a local directory, or an SFTP server whose host key the admin fetches and confirms), the latest runs,
 * "Download a backup" (a passphrase dialog) and "Restore" (a file and its passphrase → the plan → restore, kept or
 * rolled back like any safe apply).
 */
import { Formik, useField, useFormikContext } from 'formik';
import { useEffect, useId, useState } from 'react';
import { number, object, ref, string } from 'yup';
import * as backups from '../../../../shared/contracts/backups';
import type { ResponseOf } from '../../../../shared/contracts/endpoint';
import { formatDateTime } from '../../../../lib/format';
import { useAppDispatch } from '../../../../store/createStore';
import { progressJobStarted } from '../../../../store/slices/progress.slice';
import { resourceLoaded } from '../../../../store/slices/resources.slice';
import {
  useEndpoint,
  useResource,
  useResourceSave,
  useServerFieldError,
} from '../../../../store/useResource';
import { DataTable, type TableLegendEntry, type TableRow } from '../../../../widgets/DataTable';
import { FileChooser } from '../../../../widgets/FileChooser';
import { EditIcon } from '../../../../widgets/icons';
import { Modal, ModalFormActions } from '../../../../widgets/Modal';
import { PageHeader } from '../../../../widgets/PageHeader';
import { TextArea } from '../../../../widgets/TextArea';
import { TextInput } from '../../../../widgets/TextInput';
import { Form } from '../../../forms/Form';
import { CheckboxField, FieldError, SelectField, TextField } from '../../common/config/fields';
import { useFileDownload } from '../common/useFileDownload';
import {
  BACKUPS_KEY,
  FINGERPRINT_KEY,
  RESTORE_PLAN_KEY,
  RESTORE_RESULT_KEY,
  RESTORE_REVERT_KEY,
} from './resources';
import '../../common/config/config.css';
import './backups.css';

export const BACKUPS_TITLE = 'Backups';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MIN = backups.PASSPHRASE_MIN_LENGTH;

const size = (n: number | null) =>
  n === null ? '—' : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;

function scheduleText(s: backups.BackupSchedule): string {
  if (s.schedule === 'off') return 'Scheduled backups are off.';
  if (s.schedule === 'interval') return `Every ${s.interval_hours} h.`;
  if (s.schedule === 'weekly') return `Every ${WEEKDAYS[s.weekday]} at ${s.at_time}.`;
  return `Every day at ${s.at_time}.`;
}

const TARGET_LEGEND: TableLegendEntry[] = [
  { title: 'Name', width: 240 },
  { title: 'Where', width: 340 },
  { title: 'Keep', width: 110, priority: 2 },
  { title: 'State', width: 120 },
];

function targetRow(t: backups.BackupTarget): TableRow {
  return {
    id: String(t.id),
    items: [
      // The kind, and a disabled target, said under the name: a phone shows the name column.
      {
        value: t.name,
        description: `${t.kind === 'local' ? 'Local directory' : 'SFTP server'}${t.enabled ? '' : ' · disabled'}`,
      },
      { value: t.kind === 'local' ? t.directory : `sftp://${t.username}@${t.host}:${t.port}${t.directory}` },
      { value: `${t.keep} archive${t.keep === 1 ? '' : 's'}`, sortValue: t.keep },
      t.enabled
        ? { value: 'Enabled', statusBullColor: 'green' }
        : { value: 'Disabled', statusBullColor: 'grey' },
    ],
    actions: [{ id: 'edit', value: 'Edit', icon: <EditIcon /> }],
  };
}

const RUN_LEGEND: TableLegendEntry[] = [
  { title: 'Started', width: 220 },
  { title: 'Target', width: 220 },
  { title: 'Result', width: 300 },
  { title: 'Trigger', width: 130, priority: 2 },
  { title: 'Size', width: 100, priority: 2 },
];

/** Under the run's time, only what is not the usual "Done" (calm: the exceptions stand out). */
const resultNote = (r: backups.BackupRun) => (r.ok === null ? 'Running' : r.ok ? undefined : 'Failed');

function runRow(r: backups.BackupRun): TableRow {
  return {
    id: String(r.id),
    items: [
      // A failed or running run says so under its time too: a phone shows the first column.
      { value: formatDateTime(r.started_at), sortValue: r.started_at, description: resultNote(r) },
      { value: r.target },
      r.ok === null
        ? { value: 'Running', statusBullColor: 'blue' }
        : r.ok
          ? { value: 'Done', statusBullColor: 'green' }
          : { value: 'Failed', statusBullColor: 'red', description: r.error ?? undefined },
      { value: r.trigger === 'schedule' ? 'Schedule' : 'Back up now' },
      { value: r.size === null ? null : size(r.size), sortValue: r.size ?? -1 },
    ],
  };
}

export function BackupsPage() {
  const { data } = useEndpoint(backups.getBackups);
  const run = useResourceSave();
  const [download, setDownload] = useState(false);
  const [editing, setEditing] = useState<backups.BackupTarget | 'new' | null>(null);
  const last = data?.runs[0];
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
        statusNotice={
          last
            ? {
                level: last.ok === false ? 'error' : 'info',
                text:
                  last.ok === false
                    ? `The last backup to ${last.target} failed ${formatDateTime(last.started_at)}: ${last.error ?? 'unknown error'}.`
                    : `Last backup ${formatDateTime(last.started_at)} to ${last.target} (${size(last.size)}).`,
              }
            : data
              ? { level: 'info', text: 'No backup has run yet.' }
              : undefined
        }
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
        <RestoreSection />
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

interface ScheduleValues {
  schedule: backups.BackupSchedule['schedule'];
  at_time: string;
  weekday: string;
  interval_hours: string;
  passphrase: string;
  confirm: string;
}

function ScheduleForm({
  schedule,
  nextRunAt,
}: {
  schedule: backups.BackupSchedule;
  nextRunAt: number | null;
}) {
  const { save, pending } = useResourceSave();
  return (
    <section className="config-section" aria-labelledby="backup-schedule">
      <h2 id="backup-schedule">Schedule</h2>
      <p>
        {scheduleText(schedule)}
        {nextRunAt ? ` Next run ${formatDateTime(nextRunAt)}.` : ''}
      </p>
      <Formik<ScheduleValues>
        enableReinitialize
        initialValues={{
          schedule: schedule.schedule,
          at_time: schedule.at_time,
          weekday: String(schedule.weekday),
          interval_hours: String(schedule.interval_hours),
          passphrase: '',
          confirm: '',
        }}
        validationSchema={object({
          at_time: string().matches(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use HH:MM.'),
          interval_hours: number().typeError('A number of hours.').min(1).max(168),
          passphrase: string()
            .min(MIN, `Use at least ${MIN} characters.`)
            .test('needed', 'Scheduled archives need a passphrase.', (v, c) =>
              schedule.passphrase_set || (c.parent as ScheduleValues).schedule === 'off' ? true : !!v,
            ),
          confirm: string().oneOf([ref('passphrase'), ''], 'The passphrases do not match.'),
        })}
        onSubmit={(v) => {
          save({
            endpoint: backups.putBackupSchedule,
            key: BACKUPS_KEY,
            body: {
              schedule: v.schedule,
              at_time: v.at_time,
              weekday: Number(v.weekday),
              interval_hours: Number(v.interval_hours),
              ...(v.passphrase ? { passphrase: v.passphrase } : {}),
            },
            message: 'Backup schedule saved.',
          });
        }}
      >
        {({ values }) => (
          <Form noValidate className="config-form">
            <SelectField
              name="schedule"
              label="Run"
              options={[
                { value: 'off', name: 'Off' },
                { value: 'daily', name: 'Daily' },
                { value: 'weekly', name: 'Weekly' },
                { value: 'interval', name: 'Every N hours' },
              ]}
            />
            {values.schedule === 'weekly' ? (
              <SelectField
                name="weekday"
                label="Day"
                options={WEEKDAYS.map((d, i) => ({ value: String(i), name: d }))}
              />
            ) : null}
            {values.schedule === 'daily' || values.schedule === 'weekly' ? (
              <TextField name="at_time" label="At (HH:MM)" />
            ) : null}
            {values.schedule === 'interval' ? (
              <TextField name="interval_hours" label="Every (hours)" />
            ) : null}
            <TextField
              name="passphrase"
              label={
                schedule.passphrase_set ? 'New passphrase (blank: keep)' : 'Passphrase of scheduled archives'
              }
              type="password"
              autoComplete="new-password"
              info="Keep it apart from the appliance: without it no archive can be restored."
            />
            <TextField
              name="confirm"
              label="Repeat the passphrase"
              type="password"
              autoComplete="new-password"
            />
            <div className="config-form__actions">
              <button type="submit" className="button button--primary" disabled={pending}>
                Save schedule
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

interface TargetValues {
  name: string;
  kind: 'local' | 'sftp';
  directory: string;
  host: string;
  port: string;
  username: string;
  host_key_sha256: string;
  auth: 'password' | 'key';
  secret: string;
  keep: string;
  enabled: boolean;
}

function TargetModal({ target, onClose }: { target: backups.BackupTarget | null; onClose: () => void }) {
  const formId = useId();
  const { save, pending, status } = useResourceSave();
  const remove = useResourceSave();
  const fetcher = useResourceSave();
  const dispatch = useAppDispatch();
  const fetched = useResource<ResponseOf<typeof backups.postFingerprint> | null>(FINGERPRINT_KEY, {
    skip: true,
  }).data;
  useEffect(() => {
    dispatch(resourceLoaded({ key: FINGERPRINT_KEY, data: null }));
  }, [dispatch]);
  useEffect(() => {
    if (status === 'done' || remove.status === 'done') onClose();
  }, [status, remove.status, onClose]);
  return (
    <Modal
      open
      title={target ? `Edit ${target.name}` : 'Add a backup target'}
      onClose={onClose}
      busy={pending}
      footer={
        <>
          {target ? (
            <button
              type="button"
              className="button button--danger"
              disabled={remove.pending}
              onClick={() =>
                remove.save({
                  endpoint: backups.deleteBackupTarget,
                  params: { id: String(target.id) },
                  key: BACKUPS_KEY,
                  message: 'Target removed.',
                })
              }
            >
              Remove
            </button>
          ) : null}
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={pending}>
            Save
          </button>
        </>
      }
    >
      <Formik<TargetValues>
        initialValues={{
          name: target?.name ?? '',
          kind: target?.kind ?? 'local',
          directory: target?.directory ?? '',
          host: target?.host ?? '',
          port: String(target?.port ?? 22),
          username: target?.username ?? '',
          host_key_sha256: target?.host_key_sha256 ?? '',
          auth: target?.auth === 'key' ? 'key' : 'password',
          secret: '',
          keep: String(target?.keep ?? 7),
          enabled: target?.enabled ?? true,
        }}
        validationSchema={object({
          name: string().required('This field is required.'),
          directory: string().required('This field is required.'),
          keep: number().typeError('A number.').min(1).max(365),
        })}
        onSubmit={(v) => {
          const body = {
            name: v.name,
            kind: v.kind,
            directory: v.directory,
            keep: Number(v.keep),
            enabled: v.enabled,
            ...(v.kind === 'sftp'
              ? {
                  host: v.host,
                  port: Number(v.port),
                  username: v.username,
                  host_key_sha256: v.host_key_sha256,
                  auth: v.auth,
                  ...(v.secret ? { secret: v.secret } : {}),
                }
              : {}),
          };
          if (target)
            save({
              endpoint: backups.putBackupTarget,
              params: { id: String(target.id) },
              body,
              key: BACKUPS_KEY,
              message: 'Target saved.',
            });
          else save({ endpoint: backups.postBackupTarget, body, key: BACKUPS_KEY, message: 'Target added.' });
        }}
      >
        {({ values, setFieldValue }) => {
          const moved = !target || target.host !== values.host || String(target.port) !== values.port;
          return (
            <Form id={formId} noValidate className="config-form">
              <TextField name="name" label="Name" required />
              <SelectField
                name="kind"
                label="Kind"
                options={[
                  { value: 'local', name: 'Local directory' },
                  { value: 'sftp', name: 'SFTP server' },
                ]}
              />
              {values.kind === 'sftp' ? (
                <>
                  <TextField name="host" label="Server" required />
                  <TextField name="port" label="Port" required />
                  <TextField name="username" label="User" required />
                  <div className="backups-page__fingerprint">
                    <TextField
                      name="host_key_sha256"
                      label="Host key fingerprint (SHA256:…)"
                      required
                      info="Compare it with the server's own (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub) before saving."
                    />
                    <button
                      type="button"
                      className="button"
                      disabled={!values.host || fetcher.pending}
                      onClick={() =>
                        fetcher.save({
                          endpoint: backups.postFingerprint,
                          body: { host: values.host, port: Number(values.port) || 22 },
                          key: BACKUPS_KEY,
                          resultKey: FINGERPRINT_KEY,
                        })
                      }
                    >
                      Fetch fingerprint
                    </button>
                  </div>
                  {fetched ? (
                    <div role="status" className="backups-page__fetched">
                      <p>
                        The server presents <code>{fetched.host_key_sha256}</code>.
                      </p>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => void setFieldValue('host_key_sha256', fetched.host_key_sha256)}
                      >
                        It matches: use this key
                      </button>
                    </div>
                  ) : null}
                  <SelectField
                    name="auth"
                    label="Sign in with"
                    options={[
                      { value: 'password', name: 'Password' },
                      { value: 'key', name: 'Private key' },
                    ]}
                  />
                  {values.auth === 'key' ? (
                    <PrivateKeyField keep={Boolean(target?.has_secret && !moved)} />
                  ) : (
                    <TextField
                      name="secret"
                      label={
                        'Password' + (target?.has_secret && !moved ? ' (blank: keep the stored one)' : '')
                      }
                      type="password"
                      autoComplete="off"
                    />
                  )}
                </>
              ) : null}
              <TextField
                name="directory"
                label={values.kind === 'local' ? 'Directory (absolute path)' : 'Directory on the server'}
                required
              />
              <TextField name="keep" label="Archives kept" required />
              <CheckboxField name="enabled" label="Enabled (scheduled runs and Back up now)" />
            </Form>
          );
        }}
      </Formik>
    </Modal>
  );
}

function DownloadModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const { download, status, pending } = useFileDownload();
  useEffect(() => {
    if (status === 'done') onClose();
  }, [status, onClose]);
  return (
    <Modal
      open
      title="Download a backup"
      onClose={onClose}
      busy={pending}
      footer={
        <ModalFormActions formId={formId} submitLabel="Download" pending={pending} onCancel={onClose} />
      }
    >
      <p>
        The archive holds the password hashes and the private keys, encrypted with this passphrase
        (AES-256-GCM, key from scrypt). Without the passphrase it cannot be restored.
      </p>
      <Formik
        initialValues={{ passphrase: '', confirm: '' }}
        validationSchema={object({
          passphrase: string()
            .required('This field is required.')
            .min(MIN, `Use at least ${MIN} characters.`),
          confirm: string()
            .required('This field is required.')
            .oneOf([ref('passphrase')], 'The passphrases do not match.'),
        })}
        onSubmit={(v) =>
          download({
            endpoint: backups.exportBackup,
            body: { passphrase: v.passphrase },
            filename: `rampart-backup-${new Date().toISOString().slice(0, 10)}.rbk`,
          })
        }
      >
        <Form id={formId} noValidate className="config-form">
          <TextField
            name="passphrase"
            label="Passphrase"
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField
            name="confirm"
            label="Repeat the passphrase"
            type="password"
            autoComplete="new-password"
            required
          />
        </Form>
      </Formik>
    </Modal>
  );
}

/** The SFTP private key: pasted, so several lines (OpenSSH or PEM). */
function PrivateKeyField({ keep }: { keep: boolean }) {
  const [field, meta, helpers] = useField<string>('secret');
  const { submitCount } = useFormikContext();
  const server = useServerFieldError('secret');
  const error = server ?? (submitCount > 0 ? meta.error : undefined);
  return (
    <div className="config-field">
      <TextArea
        label={'Private key' + (keep ? ' (blank: keep the stored one)' : '')}
        name="secret"
        value={field.value ?? ''}
        onChange={(v) => void helpers.setValue(v)}
        rows={6}
        maxLength={16384}
        placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
      />
      {error ? <FieldError message={error} /> : null}
    </div>
  );
}

/** The answers that name a job: a restore's, or its revert's, services re-apply. */
type AnswerWithJob = ResponseOf<typeof backups.postRestore> | ResponseOf<typeof backups.revertRestore>;

/** Follows the job an answer names (a restore's, or its revert's, services re-apply) in the progress overlay. */
function useFollowJob(key: string) {
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

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });

function RestoreSection() {
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [archive, setArchive] = useState<string | null>(null);
  const planner = useResourceSave();
  const restorer = useResourceSave();
  const dispatch = useAppDispatch();
  const plan = useResource<backups.RestorePlan | null>(RESTORE_PLAN_KEY, { skip: true }).data;
  useFollowJob(RESTORE_RESULT_KEY);
  useEffect(() => {
    dispatch(resourceLoaded({ key: RESTORE_PLAN_KEY, data: null }));
  }, [dispatch, file]);
  useEffect(() => {
    if (restorer.status === 'done') {
      dispatch(resourceLoaded({ key: RESTORE_PLAN_KEY, data: null }));
    }
  }, [restorer.status, dispatch]);
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
          onChange={setFile}
          validate={(f) =>
            f.size > backups.BACKUP_UPLOAD_LIMIT ? 'The archive is larger than 64 MiB.' : null
          }
        />
        <div className="config-field">
          <TextInput
            name="restore-passphrase"
            label="Passphrase"
            type="password"
            autoComplete="off"
            value={passphrase}
            onChange={setPassphrase}
          />
        </div>
        <div className="config-form__actions">
          <button
            type="button"
            className="button"
            disabled={!file || !passphrase || planner.pending}
            onClick={() => {
              if (!file) return;
              void readBase64(file).then((b64) => {
                setArchive(b64);
                planner.save({
                  endpoint: backups.postRestorePlan,
                  key: BACKUPS_KEY,
                  body: { archive: b64, passphrase },
                  resultKey: RESTORE_PLAN_KEY,
                });
              });
            }}
          >
            {planner.pending ? 'Reading…' : 'Show what changes'}
          </button>
        </div>
      </div>
      {plan ? (
        <div className="backups-page__plan" role="region" aria-label="Restore plan">
          <p>
            Archive of {formatDateTime(Date.parse(plan.manifest.created_at))} (Rampart{' '}
            {plan.manifest.appliance_version}).
          </p>
          <table className="backups-table" aria-label="What the restore brings back">
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Now</th>
                <th scope="col">After the restore</th>
              </tr>
            </thead>
            <tbody>
              {plan.counts.map((c) => (
                <tr key={c.what}>
                  <td>{c.label}</td>
                  <td>{c.now}</td>
                  <td>{c.restored}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {plan.configuration.changes.length ? (
            <ul aria-label="Configuration changes">
              {plan.configuration.changes.map((c) => (
                <li key={`${c.section}/${c.id}`}>
                  {c.line}
                  {c.lockout_prone ? <strong> (can lock you out: to be kept)</strong> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>The configuration is the same.</p>
          )}
          <button
            type="button"
            className="button button--danger"
            disabled={restorer.pending || !archive}
            onClick={() => {
              if (!archive) return;
              restorer.save({
                endpoint: backups.postRestore,
                key: BACKUPS_KEY,
                body: { archive, passphrase },
                resultKey: RESTORE_RESULT_KEY,
                message: 'Backup restored.',
              });
              // The archive and its passphrase are sent: the page keeps neither.
              setArchive(null);
              setPassphrase('');
              setFile(null);
            }}
          >
            Restore this backup
          </button>
        </div>
      ) : null}
    </section>
  );
}

function PendingRestoreNotice({ restore }: { restore: backups.PendingRestore }) {
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
