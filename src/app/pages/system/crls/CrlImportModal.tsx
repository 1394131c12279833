/** "Import revocation list": a CRL from another authority (PEM, or DER sent as base64). */
import { rulesModule } from '../../../forms/lazyRules';
import { TextField } from '../../common/config/fields';
import { FileField } from '../common/FileField';
import { FormModal } from '../../common/FormModal';
import { CRLS_KEY } from '../resources';
import { importCrl } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

// The dialog's Yup rules come with it (lazyRules.ts).
const crlImportRules = rulesModule(() => import('./crlImportRules').then((m) => m.crlImportSchema));

export function CrlImportModal({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<{ crl: string; name: string }>
      title="Import revocation list"
      submitLabel="Import"
      initialValues={{ crl: '', name: '' }}
      rules={crlImportRules}
      onClose={onClose}
      toSave={(v) =>
        saveOf({
          key: CRLS_KEY,
          endpoint: importCrl,
          body: { crl: v.crl, ...(v.name.trim() ? { name: v.name.trim() } : {}) },
          message: 'Revocation list imported.',
        })
      }
    >
      {() => (
        <>
          <FileField name="crl" label="CRL file (PEM or DER)" accept=".crl,.pem,.der" as="pem-or-base64" />
          <TextField name="name" label="Name (optional)" />
        </>
      )}
    </FormModal>
  );
}
