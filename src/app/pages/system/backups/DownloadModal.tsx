/**
 * "Download a backup": the passphrase that encrypts the archive, twice. Its rules come from the export's body
 * schema (`ExportBody`).
 */
import { Formik } from 'formik';
import { useEffect, useId } from 'react';
import * as backups from '../../../../shared/contracts/backups';
import { Modal, ModalFormActions } from '../../../../widgets/Modal';
import { Form } from '../../../forms/Form';
import { rulesModule, useRules } from '../../../forms/lazyRules';
import { TextField } from '../../common/config/fields';
import { useFileDownload } from '../common/useFileDownload';

// The dialog's Yup rules come with it (lazyRules.ts).
const downloadRules = rulesModule(() => import('./backupRules').then((m) => m.downloadSchema));

export function DownloadModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const { download, status, pending } = useFileDownload();
  const rules = useRules(downloadRules, 'open');
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
        validationSchema={rules.module}
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
