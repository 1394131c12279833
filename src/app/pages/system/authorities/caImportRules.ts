/**
 * The "Import certificate authority" dialog's rules, loaded with the dialog (lazyRules.ts): the body schema's (src/shared/contracts/pki.ts); the
 * messages the dialog's own.
 */
import { object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { importCaBody } from '../../../../shared/contracts/pki';

const BODY = importCaBody;
export const caImportSchema = object({
  name: fieldSchemaOf(BODY, 'name', 'Name'),
  certificate: fieldSchemaOf(BODY, 'certificate', 'CA certificate', {
    required: 'Choose the CA certificate file (PEM).',
  }),
  private_key: fieldSchemaOf(BODY, 'private_key', 'Private key'),
  passphrase: fieldSchemaOf(BODY, 'passphrase', 'Key passphrase'),
});
