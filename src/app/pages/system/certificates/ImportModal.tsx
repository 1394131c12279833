/** "Import certificate": PEM (leaf then chain, optional key) or a PKCS#12 file with its password. */
import { object, string, type StringSchema } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { REQUIRED_MESSAGE } from '../../../../lib/validation/yup';
import { SelectField, TextField } from '../../common/config/fields';
import { FileField } from '../common/FileField';
import { FormModal } from '../../common/FormModal';
import { CERTIFICATES_KEY } from '../resources';
import {
  importCertificate,
  importPemBody,
  importPkcs12,
  importPkcs12Body,
} from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

interface Values {
  kind: 'pem' | 'pkcs12';
  name: string;
  certificate: string;
  private_key: string;
  passphrase: string;
  pkcs12: string;
  password: string;
}

/** Each format's fields take the rules of its endpoint's body schema (src/shared/contracts/pki.ts). */
const PEM = importPemBody;
const P12 = importPkcs12Body;
const ifKind = (kind: Values['kind'], then: StringSchema<string | undefined>) =>
  string().when('kind', { is: kind, then: () => then });
export const importSchema = object({
  kind: string().oneOf(['pem', 'pkcs12']),
  name: fieldSchemaOf(PEM, 'name', 'Name'),
  certificate: ifKind(
    'pem',
    fieldSchemaOf(PEM, 'certificate', 'Certificate', { required: 'Choose the certificate file (PEM).' }),
  ),
  private_key: ifKind('pem', fieldSchemaOf(PEM, 'private_key', 'Private key')),
  passphrase: ifKind('pem', fieldSchemaOf(PEM, 'passphrase', 'Key passphrase')),
  pkcs12: ifKind(
    'pkcs12',
    fieldSchemaOf(P12, 'pkcs12', 'PKCS#12 file', {
      required: 'Choose the PKCS#12 file.',
      pattern: 'The PKCS#12 file could not be read.',
    }),
  ),
  // The dialog asks for the file's password (the schema also takes an empty one).
  password: ifKind('pkcs12', fieldSchemaOf(P12, 'password', 'PKCS#12 password').required(REQUIRED_MESSAGE)),
});

export const NEW_IMPORT: Values = {
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
    <FormModal<Values>
      title="Import certificate"
      submitLabel="Import"
      initialValues={NEW_IMPORT}
      schema={importSchema}
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
