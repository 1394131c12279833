/** "Import certificate": PEM (leaf then chain, optional key) or a PKCS#12 file with its password. */
import type { ImportValues } from './importValues';
import { rulesModule } from '../../../forms/lazyRules';
import { SelectField, TextField } from '../../common/config/fields';
import { FileField } from '../common/FileField';
import { FormModal } from '../../common/FormModal';
import { CERTIFICATES_KEY } from '../resources';
import { importCertificate, importPkcs12 } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

// The dialog's Yup rules come with it (lazyRules.ts).
const importRules = rulesModule(() => import('./importRules').then((m) => m.importSchema));

export const NEW_IMPORT: ImportValues = {
  kind: 'pem',
  name: '',
  certificate: '',
  private_key: '',
  passphrase: '',
  pkcs12: '',
  password: '',
};

export function ImportModal({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<ImportValues>
      title="Import certificate"
      submitLabel="Import"
      initialValues={NEW_IMPORT}
      rules={importRules}
      onClose={onClose}
      toSave={(v) => {
        const name = v.name.trim() ? { name: v.name.trim() } : {};
        return v.kind === 'pkcs12'
          ? saveOf({
              endpoint: importPkcs12,
              key: CERTIFICATES_KEY,
              body: { pkcs12: v.pkcs12, password: v.password, ...name },
              message: 'Certificate imported.',
            })
          : saveOf({
              endpoint: importCertificate,
              key: CERTIFICATES_KEY,
              body: {
                certificate: v.certificate,
                ...(v.private_key ? { private_key: v.private_key } : {}),
                ...(v.private_key && v.passphrase ? { passphrase: v.passphrase } : {}),
                ...name,
              },
              message: 'Certificate imported.',
            });
      }}
    >
      {(v) => (
        <>
          <SelectField
            name="kind"
            label="Format"
            options={[
              { value: 'pem', name: 'PEM files (certificate, optional key)' },
              { value: 'pkcs12', name: 'PKCS#12 (.p12, .pfx)' },
            ]}
          />
          <TextField name="name" label="Name (optional)" />
          {v.kind === 'pem' ? (
            <>
              <FileField
                name="certificate"
                label="Certificate (PEM, then its chain)"
                accept=".pem,.crt,.cer"
              />
              <FileField name="private_key" label="Private key (optional, PEM)" accept=".pem,.key" />
              {v.private_key ? (
                <TextField name="passphrase" label="Key passphrase (if encrypted)" type="password" />
              ) : null}
            </>
          ) : (
            <>
              <FileField name="pkcs12" label="PKCS#12 file" accept=".p12,.pfx" as="base64" />
              <TextField name="password" label="PKCS#12 password" type="password" required />
            </>
          )}
        </>
      )}
    </FormModal>
  );
}
