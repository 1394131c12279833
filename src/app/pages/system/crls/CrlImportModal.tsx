/** "Import revocation list": a CRL from another authority (PEM, or DER sent as base64). */
import { object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { TextField } from '../../common/config/fields';
import { FileField } from '../common/FileField';
import { FormModal } from '../../common/FormModal';
import { CRLS_KEY } from '../resources';
import { importCrl, importCrlBody } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

/** The rules are the body schema's (src/shared/contracts/pki.ts); the message the dialog's own. */
export const crlImportSchema = object({
  crl: fieldSchemaOf(importCrlBody, 'crl', 'CRL file', { required: 'Choose the CRL file.' }),
  name: fieldSchemaOf(importCrlBody, 'name', 'Name'),
});

export function CrlImportModal({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<{ crl: string; name: string }>
      title="Import revocation list"
      submitLabel="Import"
      initialValues={{ crl: '', name: '' }}
      schema={crlImportSchema}
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
