/**
 * The "Import certificate" dialog's rules, loaded with the dialog (lazyRules.ts): each format's fields take the rules
 * of its endpoint's body schema (src/shared/contracts/pki.ts).
 */
import { object, string, type StringSchema } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { REQUIRED_MESSAGE } from '../../../../lib/validation/yup';
import { importPemBody, importPkcs12Body } from '../../../../shared/contracts/pki';
import type { ImportValues as Values } from './importValues';

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
