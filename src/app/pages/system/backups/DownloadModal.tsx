/**
 * "Download a backup": the passphrase that encrypts the archive, twice. Its rules come from the export's body
 * schema (`ExportBody`).
 */
import { Formik } from 'formik';
import { useEffect, useId } from 'react';
import { object, ref, string } from 'yup';
import * as backups from '../../../../shared/contracts/backups';
import { REQUIRED_MESSAGE } from '../../../../lib/validation/yup';
import { Modal, ModalFormActions } from '../../../../widgets/Modal';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { Form } from '../../../forms/Form';
import { TextField } from '../../common/config/fields';
import { useFileDownload } from '../common/useFileDownload';
import { atLeast } from './text';

const BODY = backups.ExportBody;
const PASSPHRASE_MIN = BODY.properties.passphrase.minLength ?? 0;

export const downloadSchema = object({
  passphrase: fieldSchemaOf(BODY, 'passphrase', 'Passphrase').min(PASSPHRASE_MIN, atLeast(PASSPHRASE_MIN)),
  confirm: string()
    .required(REQUIRED_MESSAGE)
    .oneOf([ref('passphrase')], 'The passphrases do not match.'),
});

export function DownloadModal({ onClose }: { onClose: () => void }) {
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
        validationSchema={downloadSchema}
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
