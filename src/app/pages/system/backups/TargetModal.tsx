/**
 * Adding or changing a backup target: a local directory, or an SFTP server whose host key the admin fetches,
 * compares and confirms ("It matches: use this key") before saving.
 */
import { Formik } from 'formik';
import { useEffect, useId } from 'react';
import * as backups from '../../../../shared/contracts/backups';
import type { ResponseOf } from '../../../../shared/contracts/endpoint';
import { useAppDispatch } from '../../../../store/createStore';
import { resourceLoaded } from '../../../../store/slices/resources.slice';
import { useResource, useResourceSave } from '../../../../store/useResource';
import { Modal } from '../../../../widgets/Modal';
import { Form } from '../../../forms/Form';
import { rulesModule, useRules } from '../../../forms/lazyRules';
import { CheckboxField, SelectField, TextField } from '../../common/config/fields';
import { PrivateKeyField } from './PrivateKeyField';
import { BACKUPS_KEY, FINGERPRINT_KEY } from './resources';
import { SECRET_MAX_LENGTH, toTargetBody, toTargetValues, type TargetValues } from './targetForm';

// The dialog's Yup rules come with it (lazyRules.ts).
const targetRules = rulesModule(() => import('./backupRules').then((m) => m.targetSchema));

type Fetched = ResponseOf<typeof backups.postFingerprint> | null;

export function TargetModal({
  target,
  onClose,
}: {
  target: backups.BackupTarget | null;
  onClose: () => void;
}) {
  const formId = useId();
  const rules = useRules(targetRules, 'open');
  const { save, pending, status } = useResourceSave();
  const remove = useResourceSave();
  const fetcher = useResourceSave();
  const dispatch = useAppDispatch();
  const fetched = useResource<Fetched>(FINGERPRINT_KEY, { skip: true }).data;
  useEffect(() => {
    // A fingerprint fetched for another dialog is not this server's.
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
        initialValues={toTargetValues(target)}
        validationSchema={rules.module}
        onSubmit={(v) => {
          const body = toTargetBody(v);
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
          // A new host or port drops the stored credential (the appliance does): "blank: keep" no longer holds.
          const moved = !target || target.host !== values.host || String(target.port) !== values.port;
          const keep = Boolean(target?.has_secret && !moved);
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
                    <PrivateKeyField keep={keep} maxLength={SECRET_MAX_LENGTH} />
                  ) : (
                    <TextField
                      name="secret"
                      label={'Password' + (keep ? ' (blank: keep the stored one)' : '')}
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
